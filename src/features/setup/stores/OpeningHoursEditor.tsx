import { Box, Checkbox, Fieldset, Grid, Input, Text } from '@chakra-ui/react';
import { SwitchField } from '@/app/ui/form/fields';
import { WEEKDAY_NAMES } from '@/contract/setup';

export type DaySlot = { open: string; close: string } | null;

interface Props {
  alwaysOpen: boolean;
  onAlwaysOpen: (on: boolean) => void;
  /** Seven entries, Sunday first; null = closed. */
  days: readonly DaySlot[];
  setDay: (day: number, slot: DaySlot) => void;
  touch: (path: string) => void;
  /** Errors by path under `openingHours` (`openingHours.1.close`). */
  error: (path: string) => string | undefined;
}

/** Monday first on screen, as people read a week; stored Sunday first (index = getDay()). */
const ORDER = [1, 2, 3, 4, 5, 6, 0];
export const DEFAULT_SLOT = { open: '06:00', close: '18:00' };

/** Opening hours per weekday: open or closed, and from–to (HH:MM, 24:00 allowed as closing). */
export function OpeningHoursEditor({ alwaysOpen, onAlwaysOpen, days, setDay, touch, error }: Props) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Opening hours</Fieldset.Legend>
      <SwitchField label="Open around the clock, every day" checked={alwaysOpen} onChange={onAlwaysOpen} />
      {!alwaysOpen && (
        <Grid templateColumns="minmax(6.5rem, auto) 1fr 1fr" gap="2" alignItems="start" mt="2">
          <Text fontSize="sm" fontWeight="medium">
            Day
          </Text>
          <Text fontSize="sm" fontWeight="medium">
            Opens
          </Text>
          <Text fontSize="sm" fontWeight="medium">
            Closes
          </Text>
          {ORDER.map((d) => {
            const name = WEEKDAY_NAMES[d];
            const slot = days[d];
            const base = `openingHours.${d}`;
            const dayError = error(base) ?? error(`${base}.open`) ?? error(`${base}.close`);
            return (
              <Box key={d} display="contents">
                <Checkbox.Root
                  size="sm"
                  checked={slot !== null}
                  onCheckedChange={(e) => setDay(d, e.checked === true ? DEFAULT_SLOT : null)}
                  pt="2"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{name}</Checkbox.Label>
                </Checkbox.Root>
                {slot ? (
                  <>
                    <TimeInput
                      label={`${name} opens`}
                      value={slot.open}
                      invalid={!!error(`${base}.open`)}
                      onChange={(open) => setDay(d, { ...slot, open })}
                      onBlur={() => touch(base)}
                    />
                    <TimeInput
                      label={`${name} closes`}
                      value={slot.close}
                      invalid={!!error(`${base}.close`)}
                      onChange={(close) => setDay(d, { ...slot, close })}
                      onBlur={() => touch(base)}
                    />
                  </>
                ) : (
                  <Text gridColumn="span 2" fontSize="sm" color="fg.muted" pt="2">
                    Closed
                  </Text>
                )}
                {dayError && (
                  <Text gridColumn="1 / -1" fontSize="xs" color="fg.error" mt="-1">
                    {name}: {dayError}
                  </Text>
                )}
              </Box>
            );
          })}
        </Grid>
      )}
    </Fieldset.Root>
  );
}

function TimeInput({
  label,
  value,
  onChange,
  onBlur,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  invalid: boolean;
}) {
  return (
    <Input
      size="sm"
      aria-label={label}
      aria-invalid={invalid}
      value={value}
      placeholder="HH:MM"
      inputMode="numeric"
      maxLength={5}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}
