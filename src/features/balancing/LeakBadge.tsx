import { Badge } from '@chakra-ui/react';
import type { LeakRow } from '@/contract/leak-test';

const rate = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A tank's leak test (statistical inventory reconciliation) in one badge: FAIL with the loss per
 * hour, PASS, or INCONCLUSIVE; the reason, the window and the 95 % interval are in its title.
 */
export function LeakBadge({ leak }: { leak: LeakRow | undefined }) {
  if (!leak)
    return (
      <Badge colorPalette="gray" variant="outline">
        …
      </Badge>
    );
  const interval =
    leak.low !== null && leak.high !== null ? ` 95 %: ${rate.format(leak.low)} to ${rate.format(leak.high)} L/h.` : '';
  const title = `${leak.reason}${interval} ${leak.days} days with readings, ${leak.from} to ${leak.to}.`;
  if (leak.verdict === 'fail') {
    return (
      <Badge colorPalette="red" variant="solid" title={title}>
        FAIL · {rate.format(leak.leakRate ?? 0)} L/h
      </Badge>
    );
  }
  if (leak.verdict === 'pass')
    return (
      <Badge colorPalette="green" variant="subtle" title={title}>
        PASS
      </Badge>
    );
  return (
    <Badge colorPalette="gray" title={title}>
      INCONCLUSIVE
    </Badge>
  );
}
