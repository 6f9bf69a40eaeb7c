import { Box, Heading, SimpleGrid, Stat, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/app/ui/list/columns';
import { closingOf, type DailyReportStore } from '@/contract/daily-report';
import { exceptionLabel } from '@/contract/exceptions';
import {
  INCIDENT_KIND_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
} from '@/contract/incidents';
import { litresTotal, money } from '@/lib/format';

/** A time of day in the store's zone ("08:30"). */
function time(iso: string | null, zone: string): string {
  if (!iso) return '—';
  try {
    return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  } catch {
    return formatDateTime(iso);
  }
}

function Section({ title, empty, head, rows, right = [] }: SectionProps) {
  return (
    <Box mt="4" className="report-section">
      <Heading as="h3" size="sm" mb="1">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {empty}
        </Text>
      ) : (
        <Box overflowX="auto" className="report-table-wrap">
          <Table.Root size="sm" variant="outline" className="report-table">
            <Table.Header>
              <Table.Row>
                {head.map((h, i) => (
                  <Table.ColumnHeader key={h} textAlign={right.includes(i) ? 'end' : 'start'}>
                    {h}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, n) => (
                <Table.Row key={n}>
                  {r.map((c, i) => (
                    <Table.Cell
                      key={i}
                      textAlign={right.includes(i) ? 'end' : 'start'}
                      whiteSpace={right.includes(i) || i === 0 ? 'nowrap' : undefined}
                    >
                      {c}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Box>
  );
}
interface SectionProps {
  title: string;
  empty: string;
  head: string[];
  rows: ReactNode[][];
  right?: number[];
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stat.Root borderWidth="1px" rounded="md" px="3" py="2" className="report-figure">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="lg">{value}</Stat.ValueText>
    </Stat.Root>
  );
}

/** One store's day: the figures, the tanks, exceptions and incidents. */
export function ReportStore({ store: s }: { store: DailyReportStore }) {
  const z = s.timezone;
  return (
    <Box as="section" aria-label={`${s.storeCode} — ${s.storeName}`} className="report-store" mb="8">
      <Heading as="h2" size="md" mb="2">
        {s.storeCode} — {s.storeName}
        <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted" ms="2">
          {z}
        </Text>
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="2" className="report-figures">
        <Figure label="Dispensed" value={litresTotal(s.totals.dispensed)} />
        <Figure label="Received" value={litresTotal(s.totals.received)} />
        <Figure label="Transferred out" value={litresTotal(s.totals.transferredOut)} />
        <Figure label="Transferred in" value={litresTotal(s.totals.transferredIn)} />
        <Figure label="Closing stock" value={litresTotal(s.totals.closing)} />
        <Figure label="Call-out cost" value={money(s.totals.callOutCost)} />
      </SimpleGrid>
      <Section
        title="Tanks"
        empty="No tanks."
        head={['Tank', 'Product', 'Opening', 'Dispensed', 'Received', 'Out', 'In', 'Closing', 'Variance']}
        right={[2, 3, 4, 5, 6, 7, 8]}
        rows={s.tanks.map((t) => [
          t.tankCode,
          t.productName,
          `${litresTotal(t.opening)}${t.openingSource === 'book' ? ' (book)' : ''}`,
          litresTotal(t.dispensed),
          litresTotal(t.received),
          litresTotal(t.transferredOut),
          litresTotal(t.transferredIn),
          `${litresTotal(closingOf(t))}${t.measuredClosing === null ? ' (book)' : ''}`,
          litresTotal(t.variance),
        ])}
      />
      <Section
        title="Exceptions raised"
        empty="None raised."
        head={['Time', 'Exception', 'Where', 'Status']}
        rows={s.exceptionsRaised.map((x) => [
          time(x.raisedAt, z),
          `${exceptionLabel(x.code)}: ${x.message}`,
          x.tankCode ?? x.fleetNo ?? '—',
          x.status,
        ])}
      />
      <Section
        title="Exceptions resolved"
        empty="None resolved."
        head={['Time', 'Exception', 'Resolution']}
        rows={s.exceptionsResolved.map((x) => [
          time(x.resolvedAt, z),
          `${exceptionLabel(x.code)}: ${x.message}`,
          [x.resolutionReason, x.resolution].filter(Boolean).join(' — ') || '—',
        ])}
      />
      <Section
        title="Incidents and call-outs"
        empty="No incidents or call-outs."
        head={['Time', 'Kind', 'Type', 'Severity', 'Title', 'Technician', 'Called–left', 'Cost', 'Status']}
        right={[7]}
        rows={s.incidents.map((i) => [
          time(i.occurredAt, z),
          INCIDENT_KIND_LABELS[i.kind],
          INCIDENT_TYPE_LABELS[i.type],
          INCIDENT_SEVERITY_LABELS[i.severity],
          i.title,
          [i.technician, i.company].filter(Boolean).join(', ') || '—',
          i.calledAt ? `${time(i.calledAt, z)}–${time(i.leftAt, z)}` : '—',
          i.cost === null ? '—' : money(i.cost),
          INCIDENT_STATUS_LABELS[i.status],
        ])}
      />
    </Box>
  );
}
