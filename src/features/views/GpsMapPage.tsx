import { Alert, Box, Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ListToolbar } from '@/app/ui/list/ListToolbar';
import { useGps, useMapConfig } from './client';
import { GpsFilters } from './GpsFilters';
import type { Viewport } from './mapController';
import { MapLoading } from '@/app/ui/map/MapParts';
import { hasWebGL } from '@/app/ui/map/style';
import { COLOURS } from './mapStyle';
import { gpsQuery, gpsRangeError, type GpsSearch } from './search';
import { LoadError } from '@/app/ui/QueryState';

// maplibre (about 1 MB) loads only when this page draws a map.
const GpsMap = lazy(() => import('./GpsMap'));

function Legend() {
  const dot = (colour: string, size: string) => (
    <Box
      as="span"
      display="inline-block"
      w={size}
      h={size}
      rounded="full"
      bg={colour}
      borderWidth="2px"
      borderColor="white"
      mr="1"
      verticalAlign="middle"
    />
  );
  return (
    <Flex gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
      <Text>{dot(COLOURS.point, '3')}a dispense (choose it for the record)</Text>
      <Text>{dot(COLOURS.cluster, '4')}several dispenses (choose to zoom in)</Text>
      <Text>{dot(COLOURS.store, '3')}a store</Text>
      <Text>Base map: Natural Earth</Text>
    </Flex>
  );
}

/** Before the map reports what it shows: the whole world at zoom 0 (a few clusters, and the extent to fit). */
const route = getRouteApi('/_app/QuickViewGPSInformation');

const WORLD: Partial<Viewport> = { zoom: 0 };

/**
 * `/QuickViewGPSInformation`: GPS-stamped dispenses on a map, clustered by the server for what the
 * map shows (ADR 024); a point opens its record, a cluster zooms in; the stores are a second layer.
 * Without WebGL the page says so and points to the same records as a list.
 */
export function GpsMapPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const q = gpsQuery(search);
  const error = gpsRangeError(q);
  const [viewport, setViewport] = useState<Partial<Viewport>>(WORLD);
  const points = useGps({
    from: q.from,
    to: q.to,
    storeId: q.storeId,
    equipmentId: q.equipmentId,
    ...viewport,
    focus: search.focus,
  });
  const filterKey = JSON.stringify(q);
  const onView = (v: Viewport) => setViewport((old) => (old.bbox === v.bbox && old.zoom === v.zoom ? old : v));
  const config = useMapConfig();
  const webgl = useMemo(() => hasWebGL(), []);
  const [failed, setFailed] = useState<string | null>(null);
  const set = (patch: Partial<GpsSearch>) =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, ...patch, focus: undefined }),
      replace: true,
    });
  const listSearch = { 'f.from': q.from, 'f.to': q.to, 'f.storeId': q.storeId, 'f.equipmentId': q.equipmentId };
  const data = error ? undefined : points.data;
  const noMap = !webgl ? 'This browser cannot draw the map: WebGL is turned off or not supported.' : failed;

  return (
    <Stack gap="4">
      <ListToolbar
        search={null}
        activeFilters={[search.from, search.to, q.storeId, q.equipmentId].filter(Boolean).length}
        filters={<GpsFilters values={q} onChange={set} />}
        tools={
          <ChakraLink asChild variant="underline" fontSize="sm">
            <Link to="/FilterGPSInformation" search={listSearch}>
              Show as a list
            </Link>
          </ChakraLink>
        }
      />
      {error && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check the dates</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {!error && points.isError && !data && (
        <LoadError
          what="The GPS records"
          message={points.error.message}
          onRetry={() => void points.refetch()}
          retrying={points.isFetching}
        />
      )}
      {config.isError && (
        <LoadError
          what="The map settings"
          message={config.error.message}
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      )}
      {data && (
        <Text role="status" fontSize="sm">
          {data.total === 0
            ? 'No GPS-stamped dispenses in this period for these filters.'
            : `${data.total.toLocaleString()} GPS-stamped ${data.total === 1 ? 'dispense' : 'dispenses'} on the map.`}
          {data.total > 0 && data.inView < data.total && ` ${data.inView.toLocaleString()} in view.`}
        </Text>
      )}
      {data?.message && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{data.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {noMap ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The map cannot be shown</Alert.Title>
            <Alert.Description>
              {noMap} The same records are on{' '}
              <ChakraLink asChild variant="underline">
                <Link to="/FilterGPSInformation" search={listSearch}>
                  GPS records
                </Link>
              </ChakraLink>
              .
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : !error && config.data ? (
        <Box aria-busy={points.isFetching}>
          <Suspense fallback={<MapLoading />}>
            <GpsMap
              points={data}
              fitKey={points.isPlaceholderData ? null : filterKey}
              config={config.data}
              focus={search.focus}
              onView={onView}
              onFail={setFailed}
            />
          </Suspense>
        </Box>
      ) : (
        !error && !points.isError && <MapLoading />
      )}
      <Legend />
    </Stack>
  );
}
