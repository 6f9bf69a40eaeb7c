import { Flex, Switch, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanWrite } from '@/app/access';
import type { Quote } from '@/contract/commercial';
import { notify } from '@/lib/notify';
import { quotes } from './clients';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/**
 * A quotation's follow-up history (ADR 059): the reminders its owner was e-mailed, and — while it is
 * sent — a switch to turn its reminders off (or on again) for those who manage quotations.
 */
export function FollowUpHistory({ quote, queryKey }: { quote: Quote; queryKey: readonly unknown[] }) {
  const canManage = useCanWrite('/quotations');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (quote.status !== 'sent' && !quote.reminders.length) return null;
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await quotes.setFollowUp(quote.id, !on);
      notify({ tone: 'success', message: `Follow-up reminders for ${quote.label} are ${on ? 'on' : 'off'}.` });
      await qc.invalidateQueries({ queryKey });
    } catch (e) {
      notify({ tone: 'danger', title: 'Not changed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap="4" align="center" wrap="wrap" fontSize="sm" aria-label="Follow-up">
      <Text color="fg.muted">
        {quote.reminders.length
          ? `Follow-up reminders sent: ${quote.reminders.map((r) => `${day(r.at)} (to ${r.to ?? 'owner'})`).join(', ')}.`
          : 'No follow-up reminder sent yet.'}
      </Text>
      {quote.status === 'sent' && canManage && (
        <Switch.Root
          size="sm"
          checked={!quote.followUpOff}
          disabled={busy}
          onCheckedChange={(e) => void toggle(e.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Follow-up reminders</Switch.Label>
        </Switch.Root>
      )}
    </Flex>
  );
}
