import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReferenceData } from '@/contract/setup/reference';
import type { OutboxRecord } from '@/lib/offline/db';
import { formatTime, KIND_LABEL, recordTime, STATE_LABEL, summary } from '@/lib/offline/summary';

interface Props {
  rec: OutboxRecord;
  reference: ReferenceData | undefined;
  /** Rejected records only: open the fix dialog / discard. */
  onFix?: (rec: OutboxRecord) => void;
  onDiscard?: (rec: OutboxRecord) => void;
}

/** One outbox record: kind, time, summary, state and, when rejected, the server's reason. */
export function RecordRow({ rec, reference, onFix, onDiscard }: Props) {
  const state = STATE_LABEL[rec.state];
  const fieldErrors = Object.entries(rec.fieldErrors ?? {});
  return (
    <Box as="li" listStyleType="none" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Flex gap="2" align="flex-start" justify="space-between" wrap="wrap">
        <Stack gap="0" minW="0" flex="1">
          <Text fontSize="sm" fontWeight="semibold">
            {KIND_LABEL[rec.kind]} ·{' '}
            <Text as="span" fontWeight="normal" color="fg.muted">
              {formatTime(recordTime(rec))}
            </Text>
          </Text>
          <Text fontSize="sm" truncate>
            {summary(rec, reference)}
          </Text>
        </Stack>
        <Badge colorPalette={state.palette} variant="subtle">
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
          <Text fontSize="sm" color="red.fg">
            Reason: {rec.lastError ?? 'refused by the server'}
          </Text>
          {fieldErrors.map(([f, msgs]) => (
            <Text key={f} fontSize="xs" color="red.fg">
              {f}: {msgs.join(', ')}
            </Text>
          ))}
          {(onFix || onDiscard) && (
            <Flex gap="2">
              {onFix && (
                <Button size="xs" onClick={() => onFix(rec)}>
                  Fix and resend
                </Button>
              )}
              {onDiscard && (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDiscard(rec)}>
                  Discard
                </Button>
              )}
            </Flex>
          )}
        </Stack>
      )}
    </Box>
  );
}
