import { Alert, Box, Button, EmptyState, Skeleton, Stack, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChartNoAxesColumn } from 'react-icons/lu';

/** The figures could not be loaded: the reason and a retry. */
export function LoadError({
  what,
  message,
  onRetry,
  retrying,
}: {
  what: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{what} could not be loaded</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </Alert.Root>
  );
}

/** Nothing in the chosen period and filters. */
export function NoData({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" rounded="md" bg="bg">
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator aria-hidden>
            <LuChartNoAxesColumn />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{title}</EmptyState.Title>
            <EmptyState.Description>{children}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

/** First load of a chart or calendar. */
export function Loading({ label, height = '64' }: { label: string; height?: string }) {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={label}>
      <Skeleton h={height} rounded="md" />
      <Skeleton h="8" w="60%" />
    </Stack>
  );
}
