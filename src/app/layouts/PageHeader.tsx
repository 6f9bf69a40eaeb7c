import { Breadcrumb, Flex, Heading, IconButton } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuStar } from '@/app/ui/field-icons';
import { useSnapshot } from 'valtio';
import type { Screen } from '@/contract/screens';
import { starred, toggleStar } from '../starred';

function StarToggle({ path }: { path: string }) {
  const { paths } = useSnapshot(starred);
  const on = paths.includes(path);
  return (
    <IconButton
      variant="ghost"
      size={{ base: 'xl', md: 'sm' }}
      aria-label="Star this page"
      aria-pressed={on}
      onClick={() => toggleStar(path)}
      color={on ? 'orange.solid' : 'fg.muted'}
    >
      <LuStar aria-hidden fill={on ? 'currentColor' : 'none'} />
    </IconButton>
  );
}

/** Breadcrumb (starting with a home link to `/`), the page's h1 and its star toggle. */
export function PageHeader({ screen }: { screen: Screen }) {
  return (
    <Flex direction="column" gap="1" mb={{ base: 4, md: 6 }}>
      <Breadcrumb.Root size="sm" aria-label="Breadcrumb">
        <Breadcrumb.List flexWrap="wrap">
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <Link to="/">Home</Link>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {screen.group && screen.group !== 'Home' && (
            <>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>{screen.group}</Breadcrumb.Item>
            </>
          )}
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{screen.title}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Flex align="center" gap="2">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {screen.title}
        </Heading>
        <StarToggle path={screen.path} />
      </Flex>
    </Flex>
  );
}
