import { Badge, Box, Button, Flex, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { LuInbox, LuRefreshCw, LuSearchX } from 'react-icons/lu';
import { useRoles } from '@/app/access';
import { SelectField, SwitchField } from '@/app/ui/form/fields';
import { satisfies } from '@/contract/access';
import { ALARM_LABEL, TANK_ALARMS, TANK_LEVELS_PATH, type TankLevel } from '@/contract/tanks';
import { useReference, useSyncStatus } from '@/lib/offline';
import { useTankLevels } from './client';
import { HistoryDialog } from './HistoryDialog';
import { LoadError, NoData } from '@/app/ui/QueryState';
import { ALARM_PALETTE, tankTitle } from './present';
import type { TankLevelsSearch } from './search';
import { TankCard } from './TankCard';

const route = getRouteApi('/_app/TankLevels');

/** The dip dialog of the field screens, handed in by the route (features do not import each other). */
export type DipDialogComponent = ComponentType<{ tankId: string | null; tankLabel?: string; onClose: () => void }>;

type Option = { value: string; label: string };
const uniq = (rows: Option[]) =>
  [...new Map(rows.map((o) => [o.value, o])).values()].sort((a, b) => a.label.localeCompare(b.label));

/**
 * `/TankLevels` (rule atg): every tank's latest level with its alarms, refreshed every minute and
 * whenever this device's outbox has just synced (a dip recorded here then shows at once).
 */
export function TankLevelsPage({ DipDialog }: { DipDialog?: DipDialogComponent }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<TankLevelsSearch>) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }), replace: true });
  const q = useTankLevels({ storeId: search.storeId, productId: search.productId });
  // Ages are shown as of the last load (refreshed every minute), like the server's stale alarm.
  const now = q.dataUpdatedAt;
  const [dipTank, setDipTank] = useState<TankLevel | null>(null);
  const canDip = satisfies(useRoles(), 'allFamsBasic') && !!DipDialog;

  const queryClient = useQueryClient();
  const { lastSuccessAt } = useSyncStatus();
  useEffect(() => {
    if (lastSuccessAt) void queryClient.invalidateQueries({ queryKey: [TANK_LEVELS_PATH] });
  }, [lastSuccessAt, queryClient]);

  // Filter choices from the device's reference cache (all stores and products), else from the tanks shown.
  const reference = useReference();
  const tanks = q.data?.tanks;
  const stores = useMemo(
    () =>
      uniq(
        reference?.data.stores.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })) ??
          (tanks ?? []).map((t) => ({ value: t.storeId, label: `${t.storeCode} · ${t.storeName}` })),
      ),
    [reference, tanks],
  );
  const products = useMemo(
    () =>
      uniq(
        reference?.data.products.filter((p) => p.kind === 'fuel').map((p) => ({ value: p.id, label: p.name })) ??
          (tanks ?? []).map((t) => ({ value: t.productId, label: t.productName })),
      ),
    [reference, tanks],
  );

  const shown = (tanks ?? []).filter((t) => !search.alarms || t.alarms.length > 0);
  const alarmCounts = TANK_ALARMS.map(
    (a) => [a, (tanks ?? []).filter((t) => t.alarms.includes(a)).length] as const,
  ).filter(([, n]) => n > 0);
  const filtered = !!(search.storeId || search.productId || search.alarms);
  const history = search.tank ? (tanks?.find((t) => t.tankId === search.tank) ?? null) : null;

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box w={{ base: 'full', sm: '56' }}>
          <SelectField
            label="Store"
            value={search.storeId ?? ''}
            options={stores}
            placeholder="All stores"
            onChange={(v) => setSearch({ storeId: v || undefined })}
          />
        </Box>
        <Box w={{ base: 'full', sm: '56' }}>
          <SelectField
            label="Product"
            value={search.productId ?? ''}
            options={products}
            placeholder="All products"
            onChange={(v) => setSearch({ productId: v || undefined })}
          />
        </Box>
        <Box pb="2">
          <SwitchField
            label="Only tanks with alarms"
            checked={!!search.alarms}
            onChange={(on) => setSearch({ alarms: on ? '1' : undefined })}
          />
        </Box>
      </Flex>
      <Flex gap="3" wrap="wrap" align="center" justify="space-between" aria-live="polite">
        <HStack gap="2" wrap="wrap">
          {tanks && (
            <Text fontWeight="semibold">
              {tanks.length} {tanks.length === 1 ? 'tank' : 'tanks'}
            </Text>
          )}
          {alarmCounts.map(([a, n]) => (
            <Badge key={a} colorPalette={ALARM_PALETTE[a]} variant="subtle">
              {ALARM_LABEL[a]}: {n}
            </Badge>
          ))}
          {tanks && alarmCounts.length === 0 && tanks.length > 0 && (
            <Badge colorPalette="green" variant="subtle">
              No alarms
            </Badge>
          )}
        </HStack>
        <HStack gap="2">
          {q.dataUpdatedAt > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Updated {new Date(q.dataUpdatedAt).toLocaleTimeString()}
            </Text>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void q.refetch()}
            loading={q.isFetching && !q.isPending}
            aria-label="Refresh the levels"
          >
            <LuRefreshCw aria-hidden /> Refresh
          </Button>
        </HStack>
      </Flex>

      {q.isPending && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-busy="true" aria-label="Loading the tank levels">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h="80" rounded="md" />
          ))}
        </SimpleGrid>
      )}
      {q.isError && (
        <LoadError
          what="The tank levels"
          message={q.error.message}
          note={tanks ? 'The figures below are from the last successful load.' : undefined}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      )}
      {tanks && shown.length === 0 && (
        <NoData
          title={filtered ? 'No tanks match' : 'No tanks yet'}
          icon={filtered ? <LuSearchX /> : <LuInbox />}
          action={
            filtered && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setSearch({ storeId: undefined, productId: undefined, alarms: undefined })}
              >
                Clear filters
              </Button>
            )
          }
        >
          {search.alarms && tanks.length > 0
            ? 'No tank has an alarm right now.'
            : filtered
              ? 'Try another store or product.'
              : 'Tanks are set up on the Tank screen; their levels show here.'}
        </NoData>
      )}
      {shown.length > 0 && (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" m="0" p="0" aria-label="Tanks">
          {shown.map((t) => (
            <TankCard
              key={t.tankId}
              tank={t}
              now={now}
              onHistory={() => setSearch({ tank: t.tankId })}
              onDip={canDip ? () => setDipTank(t) : undefined}
            />
          ))}
        </SimpleGrid>
      )}

      <HistoryDialog
        tank={history}
        range={search.range ?? '24h'}
        onRange={(range) => setSearch({ range })}
        onClose={() => setSearch({ tank: undefined, range: undefined })}
      />
      {DipDialog && (
        <DipDialog
          tankId={dipTank?.tankId ?? null}
          tankLabel={dipTank ? tankTitle(dipTank) : undefined}
          onClose={() => setDipTank(null)}
        />
      )}
    </Stack>
  );
}
