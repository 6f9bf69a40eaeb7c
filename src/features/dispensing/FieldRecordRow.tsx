import { Badge, Box, Button, Flex, List, Stack, Text } from '@chakra-ui/react';
import { memo, type ReactNode, type Ref } from 'react';
import type { ReferenceData } from '@/contract/setup/reference';
import { formatTime, KIND_LABEL, recordTime, STATE_LABEL, summary } from '@/lib/offline/summary';
import type { OutboxRecord } from '@/lib/offline';
import { describeFieldErrors, type MeterType } from '@/lib/offline/rejection';
import { useMotionKit } from './useMotionKit';

interface Props {
  rec: OutboxRecord;
  reference: ReferenceData | undefined;
  /** Rejected records: correct it in the form / discard it. */
  onFix?: (rec: OutboxRecord) => void;
  onDiscard?: (rec: OutboxRecord) => void;
  ref?: Ref<HTMLLIElement>;
}

/** The dispense's meter as its form called it ("Odometer (km)" or "Hours"). */
function meterTypeOf(rec: OutboxRecord, ref: ReferenceData | undefined): MeterType {
  if (rec.kind !== 'dispenses') return null;
  const id = (rec.payload as OutboxRecord<'dispenses'>['payload']).equipmentId;
  return ref?.equipment.find((e) => e.id === id)?.meterType ?? null;
}

function PlainRow({ ref, children }: { ref?: Ref<HTMLLIElement>; children: ReactNode }) {
  return (
    <li ref={ref} style={{ listStyle: 'none' }}>
      {children}
    </li>
  );
}

/**
 * One record of a field screen's "recent" list: what, when, its sync state and, when the server
 * rejected it, the reason and each field's problem under the label the form shows ("Litres: must
 * be more than 0"), with "Fix and resend". A new row grows in at the top (a fade only with
 * reduced motion), pushing the rows below down smoothly.
 */
function FieldRecordRowView({ rec, reference, onFix, onDiscard, ref }: Props) {
  // Animated once the motion kit is there (first interaction); a plain row until then.
  const Row = useMotionKit()?.RowMotion ?? PlainRow;
  const state = STATE_LABEL[rec.state];
  const problems =
    rec.state === 'rejected' ? describeFieldErrors(rec.kind, rec.fieldErrors, meterTypeOf(rec, reference)) : [];
  return (
    <Row ref={ref}>
      <Box py="2" borderBottomWidth="1px" css={{ 'li:last-child > &': { borderBottomWidth: 0 } }}>
        <Flex gap="2" align="flex-start" justify="space-between" wrap="wrap">
          <Stack gap="0" minW="0" flex="1">
            <Text fontSize="sm" fontWeight="semibold">
              {KIND_LABEL[rec.kind]} ·{' '}
              <Text as="span" fontWeight="normal" color="fg.muted">
                {formatTime(recordTime(rec))}
              </Text>
            </Text>
            <Text fontSize={{ base: 'md', md: 'sm' }} truncate>
              {summary(rec, reference)}
            </Text>
          </Stack>
          <Badge colorPalette={state.palette} variant="subtle" size={{ base: 'lg', md: 'md' }}>
            {state.label}
          </Badge>
        </Flex>
        {rec.state === 'queued' && rec.lastError && rec.attempts > 0 && (
          <Text fontSize="xs" color="fg.muted">
            Not sent yet ({rec.attempts} tries): {rec.lastError}
          </Text>
        )}
        {rec.state === 'synced' && rec.exceptions.length > 0 && (
          <Text fontSize="xs" color="orange.fg">
            Stored with exceptions: {rec.exceptions.join(', ')}
          </Text>
        )}
        {rec.state === 'rejected' && (
          <Stack gap="1" mt="1">
            <Text fontSize="sm" color="fg.error" fontWeight="medium">
              Reason: {rec.lastError ?? 'refused by the server'}
            </Text>
            {problems.length > 0 && (
              <List.Root ps="4" gap="0.5" fontSize="sm" color="fg.error" aria-label="What to correct">
                {problems.map((p) => (
                  <List.Item key={p.path}>{p.text}</List.Item>
                ))}
              </List.Root>
            )}
            {(onFix || onDiscard) && (
              <Flex gap="2" mt="1" wrap="wrap">
                {onFix && (
                  <Button size={{ base: 'xl', md: 'sm' }} onClick={() => onFix(rec)}>
                    Fix and resend
                  </Button>
                )}
                {onDiscard && (
                  <Button
                    size={{ base: 'xl', md: 'sm' }}
                    variant="outline"
                    colorPalette="red"
                    onClick={() => onDiscard(rec)}
                  >
                    Discard
                  </Button>
                )}
              </Flex>
            )}
          </Stack>
        )}
      </Box>
    </Row>
  );
}

/** What a row shows of its record is the same (each live query answers with new objects). */
function sameShown(a: OutboxRecord, b: OutboxRecord): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.state === b.state &&
      a.attempts === b.attempts &&
      a.lastError === b.lastError &&
      a.createdAt === b.createdAt &&
      a.exceptions.join() === b.exceptions.join() &&
      JSON.stringify(a.fieldErrors) === JSON.stringify(b.fieldErrors) &&
      JSON.stringify(a.payload) === JSON.stringify(b.payload))
  );
}

/**
 * Re-rendered only when what it shows changed: while a long queue is sent, the list's live query
 * answers after every batch, and re-rendering every row each time (styles, formatting) was a
 * large part of the page's work (ADR 017).
 */
export const FieldRecordRow = memo(
  FieldRecordRowView,
  (a, b) =>
    a.reference === b.reference &&
    a.onFix === b.onFix &&
    a.onDiscard === b.onDiscard &&
    a.ref === b.ref &&
    sameShown(a.rec, b.rec),
);
