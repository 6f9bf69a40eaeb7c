import { Box, Heading, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { screenFor, type Screen } from '@/contract/screens';
import { ExceptionCountBadge } from '@/features/exceptions/ExceptionCountBadge';
import { useAllowedScreens } from '../access';
import type { ScreenPath } from '../guard';
import { starred, visibleStarred } from '../starred';

/**
 * Menu groups in SCREENS order, each with the built screens (having a menu label) the user may
 * open. A screen a later issue builds stays out of the menu; its route still answers.
 */
function groupScreens(screens: Screen[]): [string, Screen[]][] {
  const groups = new Map<string, Screen[]>();
  for (const s of screens) {
    if (!s.menu || !s.ready) continue;
    const g = s.group ?? 'Other';
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  return [...groups];
}

/** Counts shown beside a menu entry (only entries the user may open are in the menu). */
const BADGES: Record<string, ReactNode> = { '/Exceptions': <ExceptionCountBadge /> };

function MenuLink({ screen, onNavigate }: { screen: Screen; onNavigate?: () => void }) {
  return (
    <Box as="li">
      <ChakraLink
        asChild
        display="block"
        px="4"
        py="1.5"
        fontSize="sm"
        color="sidebar.fg"
        borderInlineStartWidth="3px"
        borderColor="transparent"
        _hover={{ bg: 'sidebar.hover', textDecoration: 'none' }}
        css={{ '&[aria-current=page]': { bg: 'sidebar.hover', borderColor: 'sidebar.active', fontWeight: 'semibold' } }}
      >
        <Link to={screen.path as ScreenPath} onClick={onNavigate}>
          {screen.menu ?? screen.title}
          {BADGES[screen.path]}
        </Link>
      </ChakraLink>
    </Box>
  );
}

function MenuGroup({ label, screens, onNavigate }: { label: string; screens: Screen[]; onNavigate?: () => void }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading
        as="h2"
        id={id}
        px="4"
        pt="3"
        pb="1"
        fontSize="xs"
        textTransform="uppercase"
        letterSpacing="wider"
        color="sidebar.muted"
      >
        {label}
      </Heading>
      <Box as="ul" listStyleType="none">
        {screens.map((s) => (
          <MenuLink key={s.path} screen={s} onNavigate={onNavigate} />
        ))}
      </Box>
    </Box>
  );
}

/** The side menu (docs/product-rules.md §2 "Navigation"): starred pages first, then only what the user may open. */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const allowed = useAllowedScreens();
  const { paths } = useSnapshot(starred);
  const stars = visibleStarred(paths)
    .map((p) => screenFor(p))
    .filter((s): s is Screen => !!s && !!s.ready && allowed.includes(s));
  return (
    <Stack as="nav" aria-label="Main menu" gap="1" pb="6">
      {stars.length > 0 && (
        <MenuGroup
          label="Starred"
          screens={stars.map((s) => ({ ...s, menu: s.menu ?? s.title }))}
          onNavigate={onNavigate}
        />
      )}
      {groupScreens(allowed).map(([label, screens]) => (
        <MenuGroup key={label} label={label} screens={screens} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
