import { Box, Flex, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useCanWrite } from '@/app/access';
import { useListSearch } from '@/app/ui/list/useList';
import { MoveSwitch, PlacingBanner, saveLocation, usePlacing } from '@/app/ui/map/placement';
import { ColourDot, MapLoading, NoMapAlert, PlaceButton, useNoMap } from '@/app/ui/map/MapParts';
import { LoadError } from '@/app/ui/QueryState';
import {
  COMMERCIAL_RESOURCES,
  siteLocationPath,
  SITES_MAP_PATH,
  SitesMapResponse,
  type MapSite,
} from '@/contract/commercial';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';
import { SITE_COLOURS, sitePopup } from './sitePopup';

// maplibre (about 1 MB) loads only when the map is drawn: the same lazy map chunk as the store locator's.
const PinMap = lazy(() => import('@/app/ui/map/PinMap'));

const SCREEN = COMMERCIAL_RESOURCES.sites.screen;

/**
 * `/Customersitelist`'s map above the list (ADR 059): the sites of the customers the list is filtered
 * by (its `f.customerId`; none = all), a pin per placed site; a pin opens the site's popup (its
 * store's tank levels when it runs FAMS, "Open site"). Sites without coordinates are listed with
 * "Place on the map"; "Move sites by dragging" makes the pins draggable, and the notice after a
 * move has "Undo". Saved through the sites resource against the version shown (as the store locator).
 */
export function SitesMap() {
  const { search, update } = useListSearch();
  const customers = search['f.customerId'] ?? '';
  const path = COMMERCIAL_RESOURCES.sites.path;
  const data = useQuery({
    queryKey: [path, 'map', customers],
    queryFn: ({ signal }) =>
      api.get(
        relative(`${SITES_MAP_PATH}${customers ? `?customerId=${encodeURIComponent(customers)}` : ''}`),
        SitesMapResponse,
        { signal, quiet: true },
      ),
  });
  const qc = useQueryClient();
  const canWrite = useCanWrite(SCREEN);
  const navigate = useNavigate();
  const router = useRouter();
  const [noMap, setFailed] = useNoMap();
  const [selected, setSelected] = useState<string | null>(null);
  const [placing, setPlacing] = usePlacing<MapSite>();
  const [moving, setMoving] = useState(false);
  const sites = useMemo(() => data.data?.sites ?? [], [data.data]);
  const placed = useMemo(() => sites.filter((s) => s.lat !== null && s.lng !== null), [sites]);
  const unplaced = sites.filter((s) => s.lat === null || s.lng === null);
  const pins = useMemo(
    () =>
      placed.map((s) => ({
        id: s.id,
        lat: s.lat!,
        lng: s.lng!,
        label: s.name,
        name: `Site ${s.name}`,
        colour: s.storeId ? SITE_COLOURS.fams : SITE_COLOURS.other,
      })),
    [placed],
  );
  const openSite = useCallback((id: string) => update({ edit: id }, { keepPage: true, push: true }), [update]);
  const popup = useCallback(
    (id: string) => {
      const s = sites.find((x) => x.id === id)!;
      const tanks = { to: '/TankLevels', search: { storeId: s.storeId ?? '' } } as const;
      return sitePopup(s, {
        siteHref: router.buildLocation({ to: '.', search: (p: object) => ({ ...p, edit: id }) }).href,
        openSite: () => openSite(id),
        tanksHref: router.buildLocation(tanks).href,
        openTanks: () => void navigate(tanks),
      });
    },
    [sites, router, navigate, openSite],
  );
  const locate = useCallback(
    (id: string, at: { lat: number; lng: number }) => {
      const s = placing?.id === id ? placing : sites.find((x) => x.id === id);
      setPlacing(null);
      if (!s) return;
      void saveLocation({
        path: siteLocationPath(s.id),
        what: s.name,
        at,
        version: s.version,
        from: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng } : null,
        // The map and the list (its coordinates and version) show what the server holds.
        done: () => void qc.invalidateQueries({ queryKey: [path] }),
      });
    },
    [placing, sites, setPlacing, qc, path],
  );

  if (data.isError)
    return (
      <LoadError
        what="The sites' map"
        message={data.error.message}
        onRetry={() => void data.refetch()}
        retrying={data.isFetching}
      />
    );
  if (!data.data) return <Skeleton h="420px" rounded="md" aria-label="Loading the sites' map" />;

  return (
    <Stack gap="3" as="section" aria-label="Sites on the map">
      <Flex gap="4" wrap="wrap" align="center" justify="space-between">
        <Text role="status" fontSize="sm">
          {`${placed.length} of ${sites.length} ${sites.length === 1 ? 'site' : 'sites'} on the map`}
          {customers ? ' (the customers filtered below)' : ''}
          {data.data.truncated ? '; more sites than the map shows, filter by customer' : ''}.
        </Text>
        <Flex gap="4" wrap="wrap" align="center" fontSize="xs" color="fg.muted">
          <Text>
            <ColourDot colour={SITE_COLOURS.fams} />
            FAMS store
          </Text>
          <Text>
            <ColourDot colour={SITE_COLOURS.other} />
            Other site
          </Text>
          {!noMap && canWrite && <MoveSwitch label="Move sites by dragging" checked={moving} onChange={setMoving} />}
        </Flex>
      </Flex>
      {placing && <PlacingBanner what={placing.name} onCancel={() => setPlacing(null)} />}
      {noMap ? (
        <NoMapAlert reason={noMap} rest="The sites are in the list below." />
      ) : (
        <Suspense fallback={<MapLoading />}>
          <PinMap
            pins={pins}
            styleUrl={data.data.styleUrl}
            selected={selected}
            onSelect={setSelected}
            popup={popup}
            onFail={setFailed}
            placing={placing?.id ?? null}
            moving={moving}
            onLocate={locate}
            testId="site-map"
          />
        </Suspense>
      )}
      {unplaced.length > 0 && !noMap && canWrite && (
        <Box>
          <Text fontWeight="semibold" fontSize="sm" mb="1">
            Without coordinates
          </Text>
          <List.Root variant="plain" gap="1" aria-label="Sites without coordinates">
            {unplaced.map((s) => (
              <List.Item key={s.id} fontSize="sm">
                {s.name} {s.customerName ? `(${s.customerName})` : ''} ·{' '}
                <PlaceButton what={s.name} active={placing?.id === s.id} onClick={() => setPlacing(s)} />
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}
