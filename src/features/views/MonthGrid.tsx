import { Box, Flex, Grid, Text } from '@chakra-ui/react';
import { calendarWeeks, type CalendarDay } from '@/contract/views';
import { compact, longDate } from './format';
import { litresTenth as litres } from '@/lib/format';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Colours of the three figures, also used by the legend. */
/** Dark enough for text on white (WCAG AA). */
export const FIGURE_COLOURS = { dispensed: 'blue.700', received: 'green.700', transferred: 'orange.700' } as const;

export function dayLabel(d: CalendarDay): string {
  return `${longDate(d.date)}: dispensed ${litres(d.dispensed)}, received ${litres(d.received)}, transferred out ${litres(d.transferredOut)}`;
}

function Figure({ value, colour, short }: { value: number; colour: string; short: string }) {
  if (!value) return null;
  return (
    <Flex
      align="center"
      gap="1"
      fontSize={{ base: '2xs', md: 'xs' }}
      lineHeight="short"
      color={colour}
      fontVariantNumeric="tabular-nums"
    >
      <Text as="span" hideBelow="md" fontWeight="semibold">
        {short}
      </Text>
      <Text as="span">{compact(value)}</Text>
    </Flex>
  );
}

/**
 * A month, Monday first: each day a button with its dispensed, received and transferred-out
 * litres (compact on a phone); choosing one opens its records.
 */
export function MonthGrid({
  month,
  days,
  selected,
  onSelect,
}: {
  month: string;
  days: CalendarDay[];
  selected?: string;
  onSelect: (date: string) => void;
}) {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return (
    <Box role="group" aria-label="Days of the month">
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap={{ base: '1', md: '2' }}>
        {WEEKDAYS.map((w) => (
          <Text key={w} aria-hidden fontSize="xs" fontWeight="semibold" color="fg.muted" textAlign="center">
            {w}
          </Text>
        ))}
        {calendarWeeks(month)
          .flat()
          .map((date, i) => {
            const d = date ? byDate.get(date) : undefined;
            if (!date || !d) return <Box key={`blank-${i}`} aria-hidden />;
            const on = selected === date;
            const quiet = !d.dispensed && !d.received && !d.transferredOut && !d.transferredIn;
            return (
              <Box
                as="button"
                key={date}
                onClick={() => onSelect(date)}
                aria-pressed={on}
                aria-label={dayLabel(d)}
                display="flex"
                flexDirection="column"
                justifyContent="flex-start"
                alignItems="stretch"
                textAlign="start"
                minH={{ base: '14', md: '24' }}
                p={{ base: '1', md: '2' }}
                rounded="md"
                borderWidth={on ? '2px' : '1px'}
                borderColor={on ? 'orange.solid' : 'border'}
                bg={quiet ? 'bg.subtle' : 'bg'}
                cursor="pointer"
                overflow="hidden"
                _hover={{ borderColor: 'orange.solid' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'orange.focusRing', outlineOffset: '1px' }}
              >
                <Text fontSize={{ base: 'xs', md: 'sm' }} fontWeight="semibold" color={quiet ? 'fg.muted' : 'fg'}>
                  {Number(date.slice(8))}
                </Text>
                <Figure value={d.dispensed} colour={FIGURE_COLOURS.dispensed} short="D" />
                <Figure value={d.received} colour={FIGURE_COLOURS.received} short="R" />
                <Figure value={d.transferredOut} colour={FIGURE_COLOURS.transferred} short="T" />
              </Box>
            );
          })}
      </Grid>
      <Flex gap="4" wrap="wrap" mt="3" fontSize="xs" color="fg.muted">
        <Text>
          <Text as="span" color={FIGURE_COLOURS.dispensed} fontWeight="semibold">
            D
          </Text>{' '}
          dispensed
        </Text>
        <Text>
          <Text as="span" color={FIGURE_COLOURS.received} fontWeight="semibold">
            R
          </Text>{' '}
          received
        </Text>
        <Text>
          <Text as="span" color={FIGURE_COLOURS.transferred} fontWeight="semibold">
            T
          </Text>{' '}
          transferred out
        </Text>
        <Text>litres, by the store’s local day</Text>
      </Flex>
    </Box>
  );
}
