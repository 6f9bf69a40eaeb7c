import { Alert, Box, Button, EmptyState, Skeleton, Stack, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuInbox } from 'react-icons/lu';

/**
 * The one set of query states (ADR 030): a read that failed (what, why, Retry), nothing to show,
 * and a first load. Every screen, list, dialog and drawer uses these.
 */

/** A read that failed: "<what> could not be loaded", the reason, an optional note, and Retry. */
export function LoadError({
  what,
  message,
  note,
  onRetry,
  retrying = false,
}: {
  /** Capitalised subject, e.g. "The list", "The tank levels". */
  what: string;
  message: string;
  note?: string;
  /** Always given for a read; left out only where retrying cannot help (a refusal). */
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{what} could not be loaded</Alert.Title>
        <Alert.Description>
          {message}
          {note ? ` ${note}` : ''}
        </Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      )}
    </Alert.Root>
  );
}

/** Nothing to show: an icon, a title, a line saying why, and an action (e.g. clear the filters). */
export function NoData({
  title,
  icon = <LuInbox />,
  children,
  action,
  framed = true,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Inside a bordered box (on a page); a dialog shows it bare. */
  framed?: boolean;
}) {
  const state = (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Indicator aria-hidden>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {children && <EmptyState.Description>{children}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
  return framed ? (
    <Box borderWidth="1px" rounded="md" bg="bg">
      {state}
    </Box>
  ) : (
    state
  );
}

/** A first load: skeletons with a status for screen readers. */
export function Loading({ label, height = '64' }: { label: string; height?: string }) {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={label}>
      <Skeleton h={height} rounded="md" />
      <Skeleton h="8" w="60%" />
    </Stack>
  );
}
