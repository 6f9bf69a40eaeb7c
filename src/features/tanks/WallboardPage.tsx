import { Box, Button, Flex, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LuExpand, LuX } from 'react-icons/lu';
import { useSnapshot } from 'valtio';
import { WALLBOARD_REFRESH_MS } from '@/contract/dashboard';
import { ALARM_LABEL, type TankLevel } from '@/contract/tanks';
import { ago } from '@/lib/offline';
import { session } from '@/lib/session';
import { useWallboard } from './client';
import { FillBar } from './FillBar';
import { pct } from './present';
import { litresTotal as litres } from '@/lib/format';

/** A tile's height and least width, and the grid's gap, in px (15rem, 15rem, gap 4). */
const TILE_PX = 240;
const GAP_PX = 16;
/** The board's padding below the tiles (py 5 at lg, rounded up). */
const BOTTOM_PX = 24;
/** How long one page of tanks shows before the next, when they do not all fit on the screen. */
export const WALLBOARD_PAGE_MS = 15_000;
/**
 * From this width (Chakra's `xl`) "Dispensed today" sits beside the tanks, so the tanks may take the
 * whole height; narrower screens (a phone, a tablet) scroll instead of turning pages.
 */
const PAGED_FROM_PX = 1280;

/**
 * How many tiles fit on the screen below the grid's top (whole rows, as many columns as the grid
 * makes), or Infinity below PAGED_FROM_PX. Measured again when the window or the grid changes size.
 */
function useTilesPerScreen(el: HTMLElement | null): number {
  const [fit, setFit] = useState(Infinity);
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => {
      if (window.innerWidth < PAGED_FROM_PX) return setFit(Infinity);
      const box = el.getBoundingClientRect();
      const cols = Math.max(1, Math.floor((box.width + GAP_PX) / (TILE_PX + GAP_PX)));
      const rows = Math.max(1, Math.floor((window.innerHeight - box.top - BOTTOM_PX + GAP_PX) / (TILE_PX + GAP_PX)));
      setFit(cols * rows);
    };
    measure();
    const seen = new ResizeObserver(measure);
    seen.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      seen.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [el]);
  return fit;
}

/** The page of `count` items showing now: turns every WALLBOARD_PAGE_MS while there is more than one. */
function useTurningPage(count: number, perPage: number) {
  const pages = Number.isFinite(perPage) ? Math.max(1, Math.ceil(count / perPage)) : 1;
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages < 2) return;
    const t = setInterval(() => setPage((p) => (p + 1) % pages), WALLBOARD_PAGE_MS);
    return () => clearInterval(t);
  }, [pages]);
  const at = page % pages;
  return { pages, from: pages < 2 ? 0 : at * perPage, to: pages < 2 ? count : Math.min(count, (at + 1) * perPage) };
}

/**
 * `/fullpagedashboard` (rule allFamsUserL): a wall board for a screen in the yard office — every
 * tank's level and today's dispensing, large and high-contrast, refreshed every minute (the time
 * of the last refresh is always shown, and a failed refresh keeps the last figures with a warning).
 * It covers the whole window; "Full screen" also hides the browser's own bars. Nobody scrolls a
 * wall screen: when the tanks do not fit, they show a screenful at a time, turning every 15 s.
 */
export function WallboardPage() {
  const q = useWallboard();
  const account = useSnapshot(session).account;
  const ref = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  const data = q.data;
  const lastOk = q.dataUpdatedAt || null;
  const late = lastOk !== null && now - lastOk > WALLBOARD_REFRESH_MS * 2;
  // A state, not a ref: the grid mounts only once the data is in, and is measured then.
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  const tanks = data?.tanks ?? [];
  const { pages, from, to } = useTurningPage(tanks.length, useTilesPerScreen(grid));

  return (
    <Box
      ref={ref}
      role="region"
      aria-label="Wall board"
      position="fixed"
      inset="0"
      zIndex="overlay"
      overflowY="auto"
      bg="gray.950"
      color="white"
      px={{ base: 3, md: 6 }}
      py={{ base: 3, md: 5 }}
      className="dark"
    >
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap" mb={{ base: 4, md: 6 }}>
        <Stack gap="0">
          <Heading as="h2" fontSize={{ base: '2xl', lg: '4xl' }} lineHeight="1.1">
            {account?.name ?? 'Tank levels'}
          </Heading>
          <Text fontSize={{ base: 'md', lg: 'xl' }} color="gray.300">
            {new Date(now).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })} ·{' '}
            {new Date(now).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap">
          <Text
            fontSize={{ base: 'sm', lg: 'lg' }}
            color={late || q.isError ? 'orange.300' : 'gray.300'}
            aria-live="polite"
          >
            {lastOk ? `Last refreshed ${new Date(lastOk).toLocaleTimeString()}` : 'Loading…'}
            {q.isError && lastOk ? ' · refresh failed, retrying' : ''}
          </Text>
          <Button
            size="sm"
            variant="outline"
            colorPalette="gray"
            color="white"
            onClick={() => void ref.current?.requestFullscreen?.().catch(() => undefined)}
          >
            <LuExpand aria-hidden /> Full screen
          </Button>
          <Button asChild size="sm" variant="outline" colorPalette="gray" color="white">
            <Link to="/dashboard/analytics">
              <LuX aria-hidden /> Exit
            </Link>
          </Button>
        </HStack>
      </Flex>

      {!data && !q.isError && (
        <Grid templateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap="4">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h="64" />
          ))}
        </Grid>
      )}
      {!data && q.isError && (
        <Text fontSize="2xl" color="orange.300" role="alert">
          The wall board cannot reach the server: {q.error.message}. It keeps trying.
        </Text>
      )}
      {data && (
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 22rem' }}
          gap={{ base: 4, md: 6 }}
          alignItems="start"
        >
          <Box as="section" aria-labelledby="wb-tanks">
            <Flex as="header" justify="space-between" align="baseline" gap="3" mb="3">
              <Heading as="h3" id="wb-tanks" fontSize={{ base: 'xl', lg: '2xl' }}>
                Tank levels
              </Heading>
              {pages > 1 && (
                <Text fontSize={{ base: 'md', lg: 'xl' }} color="gray.300" fontVariantNumeric="tabular-nums">
                  {from + 1}–{to} of {tanks.length}
                </Text>
              )}
            </Flex>
            {data.tanks.length === 0 ? (
              <Text fontSize="xl" color="gray.300">
                No tanks in this account yet.
              </Text>
            ) : (
              <Grid
                as="ul"
                ref={setGrid}
                templateColumns="repeat(auto-fill, minmax(min(100%, 15rem), 1fr))"
                gap="4"
                m="0"
                p="0"
                listStyleType="none"
              >
                {tanks.slice(from, to).map((t) => (
                  <TankTile key={t.tankId} tank={t} now={now} />
                ))}
              </Grid>
            )}
          </Box>
          <Box as="section" aria-labelledby="wb-today" bg="gray.900" rounded="lg" p={{ base: 4, lg: 5 }}>
            <Heading as="h3" id="wb-today" fontSize={{ base: 'xl', lg: '2xl' }}>
              Dispensed today
            </Heading>
            <Text
              fontSize={{ base: '4xl', lg: '6xl' }}
              fontWeight="bold"
              lineHeight="1.1"
              fontVariantNumeric="tabular-nums"
            >
              {litres(data.today.litres)}
            </Text>
            <Text fontSize={{ base: 'md', lg: 'xl' }} color="gray.300" mb="4">
              {data.today.count} {data.today.count === 1 ? 'dispense' : 'dispenses'}
            </Text>
            <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" aria-label="By store">
              {data.today.byStore.map((s) => (
                <Flex
                  as="li"
                  key={s.id}
                  justify="space-between"
                  gap="3"
                  fontSize={{ base: 'md', lg: 'xl' }}
                  borderTopWidth="1px"
                  borderColor="gray.700"
                  pt="2"
                >
                  <Text truncate>
                    {s.code} · {s.name}
                  </Text>
                  <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" flexShrink={0}>
                    {litres(s.litres)}
                  </Text>
                </Flex>
              ))}
              {data.today.byStore.length === 0 && <Text color="gray.300">No dispensing in the last 30 days.</Text>}
            </Stack>
          </Box>
        </Grid>
      )}
    </Box>
  );
}

/** One tank, readable from across the room: a vertical fill bar, the fill in big figures, its alarms in words. */
function TankTile({ tank: t, now }: { tank: TankLevel; now: number }) {
  const alarm = t.alarms.includes('high') || t.alarms.includes('low');
  return (
    <Flex
      as="li"
      aria-label={`${t.storeCode} ${t.tankCode}`}
      gap="4"
      bg="gray.900"
      rounded="lg"
      p="4"
      h="15rem"
      borderWidth="2px"
      borderColor={alarm ? (t.alarms.includes('high') ? 'red.500' : 'orange.400') : 'gray.800'}
    >
      <FillBar tank={t} orientation="vertical" size="14" />
      <Stack gap="1" minW="0" flex="1">
        <Text fontSize="md" color="gray.300" truncate>
          {t.storeCode} · {t.productName}
        </Text>
        <Text fontSize="xl" fontWeight="semibold" truncate>
          {t.tankCode} {t.tankName}
        </Text>
        <Text fontSize="5xl" fontWeight="bold" lineHeight="1" fontVariantNumeric="tabular-nums">
          {pct(Math.round(t.fillPct) || 0)}
        </Text>
        <Text fontSize="lg" fontVariantNumeric="tabular-nums">
          {litres(t.grossLitres)}
        </Text>
        <Text fontSize="sm" color="gray.400">
          {t.source === 'book' ? 'book stock, no reading' : `read ${ago(Date.parse(t.readAt!), now)}`}
        </Text>
        <Stack gap="0.5" mt="auto">
          {t.alarms.map((a) => (
            <Text
              key={a}
              fontSize="md"
              fontWeight="bold"
              color={a === 'high' ? 'red.300' : a === 'low' ? 'orange.300' : a === 'water' ? 'purple.300' : 'gray.300'}
            >
              ● {ALARM_LABEL[a]}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Flex>
  );
}
