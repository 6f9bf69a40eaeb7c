import { Badge, Box, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DailyRow, RecordKind } from '@/contract/balancing';
import { kindLabel, type Drill } from './DailyTable';
import { dayName, percent } from './format';
import { litresFigure as litres } from '@/lib/format';
import { LeakBadge } from './LeakBadge';
import { StatusBadge, VarianceText, type MonthRow } from './MonthTable';

/**
 * The phone layout of the two tables: a card per tank and per day with every figure readable
 * without scrolling sideways (the tables take over from `md` up).
 */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {children}
      </Text>
    </Box>
  );
}

export function MonthCards({ rows, onOpen }: { rows: MonthRow[]; onOpen: (r: MonthRow) => void }) {
  return (
    <Stack gap="2" role="list" aria-label="Month per tank">
      {[...rows]
        .sort((a, b) => a.status - b.status || a.tank.localeCompare(b.tank))
        .map((r) => (
          <Box
            key={r.tankId}
            role="listitem"
            borderWidth="1px"
            rounded="md"
            p="3"
            bg="bg"
            borderColor={r.flagged ? 'border.error' : undefined}
          >
            <Flex justify="space-between" align="start" gap="2" mb="2">
              <Box minW="0">
                <Button
                  variant="plain"
                  colorPalette="blue"
                  p="0"
                  h="auto"
                  minW="0"
                  fontWeight="semibold"
                  textDecoration="underline"
                  onClick={() => onOpen(r)}
                  aria-label={`${r.tank}: daily figures`}
                >
                  {r.tank}
                </Button>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {r.storeName} · {r.productName}
                </Text>
              </Box>
              <StatusBadge row={r} />
            </Flex>
            <SimpleGrid columns={2} gap="2">
              <Figure label="Throughput">{litres(r.dispensed)} L</Figure>
              <Figure label="Receipts">{litres(r.receipts)} L</Figure>
              <Figure label="Variance">
                <VarianceText value={r.variance} danger={r.flagged} /> L ({percent(r.variancePct)})
              </Figure>
              <Figure label="Allowance">±{litres(r.threshold)} L</Figure>
              <Figure label="Leak test">
                <LeakBadge leak={r.leak} />
              </Figure>
            </SimpleGrid>
          </Box>
        ))}
    </Stack>
  );
}

export function DailyCards({ rows, tank, open }: { rows: DailyRow[]; tank: string; open: (d: Drill) => void }) {
  const link = (r: DailyRow, kind: RecordKind, v: number | null, sign: string) =>
    v === null ? (
      '—'
    ) : v === 0 && kind !== 'readings' ? (
      litres(0)
    ) : (
      <Button
        variant="plain"
        colorPalette="blue"
        size="sm"
        p="0"
        h="auto"
        minW="0"
        fontWeight="medium"
        textDecoration="underline dotted"
        onClick={() => open({ day: r.day, kind })}
        aria-label={`${sign}${litres(v)} L, ${kindLabel(kind)} of ${tank} on ${r.day}`}
      >
        {sign}
        {litres(v)}
      </Button>
    );
  return (
    <Stack gap="2" role="list" aria-label={`Days of ${tank}`}>
      {rows.map((r) => (
        <Box key={r.day} role="listitem" borderWidth="1px" rounded="md" p="3" bg="bg">
          <Flex justify="space-between" align="baseline" mb="2" gap="2">
            <Text fontWeight="semibold">{dayName(r.day)}</Text>
            <Text fontSize="sm">
              Variance <VarianceText value={r.variance} danger={false} /> L · {percent(r.variancePct)}
            </Text>
          </Flex>
          <SimpleGrid columns={3} gap="2">
            <Figure label="Opening">
              {litres(r.opening)}
              {r.openingSource === 'book' && (
                <Badge ms="1" size="xs" colorPalette="orange">
                  book
                </Badge>
              )}
            </Figure>
            <Figure label="+ Receipts">{link(r, 'receipts', r.receipts, '')}</Figure>
            <Figure label="− Dispensed">{link(r, 'dispensed', r.dispensed, '')}</Figure>
            <Figure label="− Transfers out">{link(r, 'transfersOut', r.transfersOut, '')}</Figure>
            <Figure label="+ Transfers in">{link(r, 'transfersIn', r.transfersIn, '')}</Figure>
            <Figure label="Book closing">{litres(r.bookClosing)}</Figure>
            <Figure label="Measured closing">{link(r, 'readings', r.measuredClosing, '')}</Figure>
            <Figure label="Cumulative">
              <VarianceText value={r.cumulativeVariance} danger={false} />
            </Figure>
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
