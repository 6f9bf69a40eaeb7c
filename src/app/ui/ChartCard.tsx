import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatFixed } from '@/lib/format';

/**
 * What the victory charts share (`/PBAnalytics`' board, a report's chart above its preview, ADR 058):
 * the card with its title and headline figure, the palette, the axis style and compact tick labels.
 * No victory import here: each chart is in its feature's own chunk.
 */
export const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#4d7c0f', '#be185d'];
export const AXIS = { tickLabels: { fontSize: 10, padding: 4 }, axisLabel: { fontSize: 10 } };
/** Tick labels: 1,200 → "1.2k", 25,000 → "25k" (one decimal below 10k, so neighbouring ticks never read the same). */
export const compact = (v: number) => {
  if (Math.abs(v) < 1000) return formatFixed(v, 0);
  const k = v / 1000;
  return `${formatFixed(k, Math.abs(v) < 10_000 && !Number.isInteger(k) ? 1 : 0)}k`;
};

/** One chart: its title, the headline figure (also for screen readers) and the chart. */
export function ChartCard({ title, figure, children }: { title: string; figure: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Body gap="2">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        <Text fontSize="lg" fontWeight="semibold" data-testid="board-figure">
          {figure}
        </Text>
        <Box role="img" aria-label={`${title}: ${figure}`}>
          {children}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
