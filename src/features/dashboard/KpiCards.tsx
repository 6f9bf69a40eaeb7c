import {
  Box,
  Card,
  Flex,
  Grid,
  Heading,
  Link as ChakraLink,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useRoles } from '@/app/access';
import { satisfies } from '@/contract/access';
import { mayShowCard, type BreakdownRow, type DashboardCard, type LitresTotals } from '@/contract/dashboard';
import { screenFor } from '@/contract/screens';
import { ALARM_LABEL, type TankLevel } from '@/contract/tanks';
import { LoadError } from '@/app/ui/QueryState';
import { useSyncStatus } from '@/lib/offline';
import { useDashboardSummary } from './client';
import { litresTotal as litres } from '@/lib/format';

const TANKS_SHOWN = 8;
const ROWS_SHOWN = 6;

function KpiCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
        {footer && (
          <Box mt="auto" fontSize="sm">
            {footer}
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A link to another screen; none while that screen is not built yet (nothing unfinished looks finished). */
function CardLink({
  to,
  children,
}: {
  to: '/TankLevels' | '/fullpagedashboard' | '/Exceptions' | '/Device';
  children: ReactNode;
}) {
  if (!screenFor(to)?.ready) return null;
  return (
    <ChakraLink asChild color="orange.fg" fontWeight="semibold">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

function Totals({ t }: { t: LitresTotals }) {
  return (
    <SimpleGrid columns={3} gap="2">
      {(
        [
          ['Today', t.today],
          ['7 days', t.last7d],
          ['30 days', t.last30d],
        ] as const
      ).map(([label, v]) => (
        <Stat.Root key={label}>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'lg', sm: '2xl' }} fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
            {litres(v)}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

const num = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 0 });

function Breakdown({ rows, noun }: { rows: BreakdownRow[]; noun: string }) {
  if (rows.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        No dispensing in the last 30 days.
      </Text>
    );
  const more = rows.length - ROWS_SHOWN;
  const cell = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={`Litres by ${noun}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{noun.replace(/^./, (c) => c.toUpperCase())}</Table.ColumnHeader>
              <Table.ColumnHeader {...cell}>Today (L)</Table.ColumnHeader>
              <Table.ColumnHeader {...cell}>7 days (L)</Table.ColumnHeader>
              <Table.ColumnHeader {...cell}>30 days (L)</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.slice(0, ROWS_SHOWN).map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell maxW="48" truncate title={`${r.code} · ${r.name}`}>
                  {r.name}
                </Table.Cell>
                <Table.Cell {...cell}>{num(r.today)}</Table.Cell>
                <Table.Cell {...cell}>{num(r.last7d)}</Table.Cell>
                <Table.Cell {...cell}>{num(r.last30d)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {more > 0 && (
        <Text fontSize="xs" color="fg.muted">
          and {more} more
        </Text>
      )}
    </>
  );
}

/** Tanks with alarms first, then the emptiest: what needs a look. */
const byUrgency = (a: TankLevel, b: TankLevel) => b.alarms.length - a.alarms.length || a.fillPct - b.fillPct;

function TankBars({ tanks }: { tanks: TankLevel[] }) {
  if (tanks.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        No tanks in this account yet.
      </Text>
    );
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} columnGap="8" rowGap="2" m="0" p="0" listStyleType="none">
      {[...tanks]
        .sort(byUrgency)
        .slice(0, TANKS_SHOWN)
        .map((t) => {
          const palette = t.alarms.includes('high')
            ? 'red'
            : t.alarms.includes('low')
              ? 'orange'
              : t.source === 'book'
                ? 'gray'
                : 'green';
          return (
            <Box as="li" key={t.tankId}>
              <Progress.Root
                value={Math.max(0, Math.min(100, t.fillPct))}
                size="sm"
                colorPalette={palette}
                aria-label={`${t.storeCode} ${t.tankCode}: ${t.fillPct} %`}
              >
                <Flex justify="space-between" gap="2" fontSize="sm">
                  <Progress.Label truncate fontWeight="normal">
                    {t.storeCode} · {t.tankCode} {t.productName}
                  </Progress.Label>
                  <Text flexShrink={0} fontVariantNumeric="tabular-nums">
                    {t.fillPct} %{t.source === 'book' ? ' (book)' : ''}
                    {t.alarms.length ? ` · ${t.alarms.map((a) => ALARM_LABEL[a]).join(', ')}` : ''}
                  </Text>
                </Flex>
                <Progress.Track mt="1">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Box>
          );
        })}
    </SimpleGrid>
  );
}

function DeviceQueue() {
  const s = useSyncStatus();
  return (
    <KpiCard title="This device" footer={<CardLink to="/Device">Open this device's records</CardLink>}>
      <SimpleGrid columns={2} gap="2">
        <Stat.Root>
          <Stat.Label>Waiting to sync</Stat.Label>
          <Stat.ValueText>{s.counted ? s.waiting : '…'}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root>
          <Stat.Label>Rejected</Stat.Label>
          <Stat.ValueText color={s.rejected ? 'red.fg' : undefined}>{s.counted ? s.rejected : '…'}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {s.online ? 'Online' : 'Offline'}
        {s.lastError && (s.waiting || s.rejected) ? ` · ${s.lastError}` : ''}
      </Text>
    </KpiCard>
  );
}

/** The place of a card whose figures are on the way (hidden from assistive technology: the status says it). */
function CardSkeleton({ h }: { h: string | Record<string, string> }) {
  return <Skeleton minH={h} h="full" rounded="md" aria-hidden />;
}

/**
 * The home screen's KPI cards (SCREENS.md): litres today / 7 d / 30 d, by store and product, tank
 * fill bars, open exceptions and this device's unsynced records — each only for the roles allowed
 * to see the data behind it (the server sends nothing else).
 */
export function KpiCards() {
  const roles = useRoles();
  const q = useDashboardSummary();
  const may = (card: DashboardCard) => mayShowCard(roles, card);
  const s = q.data;
  const loading = q.isPending;
  // Heights of the demo's cards (1280 and 390 px wide): a card of another account may differ a little.
  const skeleton = (card: DashboardCard, h: string | Record<string, string>) =>
    loading && may(card) && <CardSkeleton h={h} />;
  return (
    <Stack as="section" aria-labelledby="kpi-heading" gap="3" aria-busy={loading || undefined}>
      <Heading as="h2" id="kpi-heading" size="md" srOnly>
        Key figures
      </Heading>
      {q.isError && (
        <LoadError
          what="The figures"
          message={q.error.message}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      )}
      {/* While the figures come: a skeleton in the place and about the size of each card, so the
          cards take their places without moving what is already shown (ADR 081). */}
      {loading && (
        <Text srOnly role="status">
          Loading the figures
        </Text>
      )}
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: '2fr 1fr 1fr' }} gap="4" alignItems="stretch">
        {skeleton('totals', '40')}
        {s?.totals && (
          <KpiCard title="Litres dispensed">
            <Totals t={s.totals} />
            <Text fontSize="sm" color="fg.muted">
              {s.totals.countToday} {s.totals.countToday === 1 ? 'dispense' : 'dispenses'} today, in each store's own
              day
            </Text>
          </KpiCard>
        )}
        {skeleton('exceptions', '48')}
        {s?.openExceptions && (
          <KpiCard title="Open exceptions" footer={<CardLink to="/Exceptions">Review exceptions</CardLink>}>
            <Stat.Root>
              <Stat.Label>Not yet resolved</Stat.Label>
              <Stat.ValueText fontSize="3xl">{s.openExceptions.count}</Stat.ValueText>
            </Stat.Root>
            {/* Outside the Stat: it is a <dl>, which may hold only its term and value. */}
            {s.openExceptions.critical > 0 &&
              (screenFor('/Exceptions')?.ready ? (
                <ChakraLink asChild fontSize="sm" color="red.fg" fontWeight="semibold">
                  {/* Lands on the working list filtered to the critical ones. */}
                  <Link to="/Exceptions" search={{ 'f.severity': 'critical' }}>
                    {s.openExceptions.critical} critical
                  </Link>
                </ChakraLink>
              ) : (
                <Text fontSize="sm" color="red.fg">
                  {s.openExceptions.critical} critical
                </Text>
              ))}
          </KpiCard>
        )}
        <DeviceQueue />
      </Grid>
      {(s?.byStore || s?.byProduct || (loading && may('breakdown'))) && (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="stretch">
          {skeleton('breakdown', '80')}
          {skeleton('breakdown', '80')}
          {s?.byStore && (
            <KpiCard title="Litres by store">
              <Breakdown rows={s.byStore} noun="store" />
            </KpiCard>
          )}
          {s?.byProduct && (
            <KpiCard title="Litres by product">
              <Breakdown rows={s.byProduct} noun="product" />
            </KpiCard>
          )}
        </SimpleGrid>
      )}
      {skeleton('tanks', { base: '112', md: '72' })}
      {s?.tanks && (
        <KpiCard
          title="Tank levels"
          footer={
            <Flex gap="4" wrap="wrap">
              {satisfies(roles, 'atg') && <CardLink to="/TankLevels">All tank levels</CardLink>}
              {satisfies(roles, 'allFamsUserL') && <CardLink to="/fullpagedashboard">Wall board</CardLink>}
            </Flex>
          }
        >
          <TankBars tanks={s.tanks} />
          {s.tanks.length > TANKS_SHOWN && (
            <Text fontSize="xs" color="fg.muted">
              The {TANKS_SHOWN} that most need a look, of {s.tanks.length}.
            </Text>
          )}
        </KpiCard>
      )}
    </Stack>
  );
}
