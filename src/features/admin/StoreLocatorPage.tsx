import { Box, Flex, Grid, Link as ChakraLink, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { MoveSwitch, PlacingBanner, saveLocation, usePlacing } from '@/app/ui/map/placement';
import { ColourDot, MapLoading, NoMapAlert, PlaceButton, useNoMap } from '@/app/ui/map/MapParts';
import { SearchBox } from '@/app/ui/list/SearchBox';
import { LoadError, NoData } from '@/app/ui/QueryState';
import {
  matchesStore,
  STORE_LOCATOR_PATH,
  STORE_STATE_LABEL,
  STORE_STATES,
  StoreLocatorResponse,
  type LocatorStore,
} from '@/contract/store-locator';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';
import { STATE_COLOURS } from './storePopup';

// maplibre (about 1 MB) loads only when this page draws the map.
const StoreMap = lazy(() => import('./StoreMap'));

/**
 * `/StoreLocator` (admin): the account's stores on the map, coloured by state, with the list beside
 * it; a store opens a popup with its tanks' latest levels and a link to `/TankLevels`. Stores
 * without coordinates are listed with "Place on the map" (the next click on the map) and a link to
 * the store form (latitude and longitude: the keyboard way); "Move stores" lets markers be dragged.
 * Both save through the stores resource against the version shown (ADR 051). Search by name or code.
 */
export function StoreLocatorPage() {
  const data = useQuery({
    queryKey: ['admin', 'store-locator'],
    queryFn: ({ signal }) => api.get(relative(STORE_LOCATOR_PATH), StoreLocatorResponse, { signal, quiet: true }),
  });
  const [q, setQ] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | null>(null);
  const [noMap, setFailed] = useNoMap();
  const navigate = useNavigate();
  const router = useRouter();
  const found = useMemo(() => (data.data?.stores ?? []).filter((s) => !q || matchesStore(s, q)), [data.data, q]);
  const placed = useMemo(() => found.filter((s) => s.lat !== null && s.lng !== null), [found]);
  const unplaced = found.filter((s) => s.lat === null || s.lng === null);
  const tanksHref = useCallback(
    (id: string) => router.buildLocation({ to: '/TankLevels', search: { storeId: id } }).href,
    [router],
  );
  const openTanks = useCallback(
    (id: string) => void navigate({ to: '/TankLevels', search: { storeId: id } }),
    [navigate],
  );
  const [placing, setPlacing] = usePlacing<LocatorStore>();
  const [moving, setMoving] = useState(false);
  const locate = useCallback(
    (s: LocatorStore, at: { lat: number; lng: number }) => {
      setPlacing(null);
      // A store that was on the map was dragged: its notice offers "Undo" (ADR 059).
      const from = s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng } : null;
      void saveLocation({
        path: `${STORE_LOCATOR_PATH}/${s.id}/location`,
        what: `${s.code} — ${s.name}`,
        at,
        version: s.version,
        from,
        done: () => void data.refetch(),
      });
    },
    [data, setPlacing],
  );

  if (data.isError)
    return (
      <LoadError
        what="The stores"
        message={data.error.message}
        onRetry={() => void data.refetch()}
        retrying={data.isFetching}
      />
    );
  if (!data.data) return <Skeleton h="560px" rounded="md" aria-label="Loading the stores" />;

  return (
    <Stack gap="4">
      <Flex gap="4" wrap="wrap" align="end" justify="space-between">
        <Box minW="260px">
          <SearchBox value={q} onChange={setQ} label="Search stores" fields={['name', 'code']} />
        </Box>
        <Flex gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
          {STORE_STATES.map((s) => (
            <Text key={s}>
              <ColourDot colour={STATE_COLOURS[s]} />
              {STORE_STATE_LABEL[s]}
            </Text>
          ))}
        </Flex>
      </Flex>
      <Flex gap="4" wrap="wrap" align="center" justify="space-between">
        <Text role="status" fontSize="sm">
          {found.length === 0
            ? 'No store matches.'
            : `${placed.length} of ${found.length} ${found.length === 1 ? 'store' : 'stores'} on the map.`}
        </Text>
        {!noMap && <MoveSwitch label="Move stores by dragging" checked={moving} onChange={setMoving} />}
      </Flex>
      {placing && <PlacingBanner what={`${placing.code} — ${placing.name}`} onCancel={() => setPlacing(null)} />}
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 300px' }} gap="4" alignItems="start">
        {noMap ? (
          <NoMapAlert reason={noMap} rest="The stores are listed beside it." />
        ) : (
          <Suspense fallback={<MapLoading />}>
            <StoreMap
              stores={placed}
              styleUrl={data.data.styleUrl}
              selected={selected}
              onSelect={setSelected}
              tanksHref={tanksHref}
              openTanks={openTanks}
              onFail={setFailed}
              placing={placing}
              moving={moving}
              onLocate={locate}
            />
          </Suspense>
        )}
        <Stack gap="4" as="aside" aria-label="Stores">
          {found.length === 0 && <NoData title="No store matches">Try another name or code.</NoData>}
          {placed.length > 0 && (
            <List.Root variant="plain" gap="1" aria-label="Stores on the map">
              {placed.map((s) => (
                <List.Item key={s.id}>
                  <ChakraLink
                    as="button"
                    fontSize="sm"
                    fontWeight={selected === s.id ? 'bold' : undefined}
                    onClick={() => setSelected(s.id)}
                  >
                    <ColourDot colour={STATE_COLOURS[s.state]} />
                    {s.code} — {s.name}
                  </ChakraLink>
                </List.Item>
              ))}
            </List.Root>
          )}
          {unplaced.length > 0 && (
            <Box>
              <Text fontWeight="semibold" fontSize="sm" mb="1">
                Without coordinates
              </Text>
              <List.Root variant="plain" gap="1" aria-label="Stores without coordinates">
                {unplaced.map((s) => (
                  <List.Item key={s.id} fontSize="sm">
                    <ColourDot colour={STATE_COLOURS[s.state]} />
                    {s.code} — {s.name} ·{' '}
                    {!noMap && (
                      <>
                        <PlaceButton
                          what={`${s.code} — ${s.name}`}
                          active={placing?.id === s.id}
                          onClick={() => setPlacing(s)}
                        />{' '}
                      </>
                    )}
                    <ChakraLink asChild variant="underline">
                      <Link to="/Store" search={{ edit: s.id }}>
                        Enter coordinates
                      </Link>
                    </ChakraLink>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
        </Stack>
      </Grid>
    </Stack>
  );
}
