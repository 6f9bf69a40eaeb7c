import { Alert, Box, Button, Flex, List, Text } from '@chakra-ui/react';
import { LuMapPin } from '@/app/ui/field-icons';
import type { DispenseWarning } from '@/contract/dispense-warnings';
import { useSnapshot } from 'valtio';
import { gpsText, type Gps } from './useGps';

/** Pieces the field forms share. */

export { NumberField } from './FieldControls';

/** Live warnings: shown, never blocking (the record is saved and the server raises an exception). */
export function WarningList({ warnings }: { warnings: readonly DispenseWarning[] }) {
  return (
    // Always there (a live region must exist before what it announces); while empty, it cancels its gap in the form's
    // stack (gap 4).
    <Box aria-live="polite" css={{ '&:empty': { mt: '-4' } }}>
      {warnings.length > 0 && (
        <Alert.Root status="warning" role="status" aria-label="Warnings">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check before saving — it still saves, and the office sees an exception</Alert.Title>
            <Alert.Description>
              <List.Root ps="4" mt="1" gap="1">
                {warnings.map((w) => (
                  <List.Item key={`${w.code}:${w.message}`}>{w.message}</List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Box>
  );
}

/** "GPS: ±12 m" / "GPS: no fix (…)", with a retry; saving never waits for it. */
export function GpsLine({ gps }: { gps: Gps }) {
  const { state } = useSnapshot(gps.store);
  return (
    <Flex align="center" gap="2" fontSize="sm" color="fg.muted" aria-live="polite">
      <LuMapPin aria-hidden />
      <Text>{gpsText(state)}</Text>
      {state.status === 'none' && (
        <Button size="xl" px="3" variant="ghost" onClick={gps.relocate}>
          Try again
        </Button>
      )}
    </Flex>
  );
}

/** Distinct warning codes, for the record's `acceptedWarnings`. */
export const warningCodes = (warnings: readonly DispenseWarning[]) =>
  [...new Set(warnings.map((w) => w.code))].slice(0, 20);
