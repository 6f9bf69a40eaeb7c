import { Alert, Box, Button, EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuInbox, LuSearchX, LuTrash2 } from 'react-icons/lu';

interface EmptyProps {
  /** Plural noun, e.g. "stores". */
  plural: string;
  filtered: boolean;
  deleted: boolean;
  onClear: () => void;
  /** A create button, when the user may create. */
  create?: ReactNode;
}

/** No rows: nothing yet (with a create action), nothing matching (clear), nothing deleted. */
export function ListEmpty({ plural, filtered, deleted, onClear, create }: EmptyProps) {
  const [icon, title, text] = deleted
    ? [
        <LuTrash2 key="i" />,
        `No deleted ${plural}`,
        filtered ? 'None match the search and filters.' : 'Deleted records would be listed here to restore.',
      ]
    : filtered
      ? [<LuSearchX key="i" />, `No ${plural} match`, 'Try other words or clear the search and filters.']
      : [
          <LuInbox key="i" />,
          `No ${plural} yet`,
          create ? `Create the first one.` : `There are none in this account yet.`,
        ];
  return (
    <Box borderWidth="1px" rounded="md" bg="bg">
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator aria-hidden>{icon}</EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{title}</EmptyState.Title>
            <EmptyState.Description>{text}</EmptyState.Description>
          </VStack>
          {filtered ? (
            <Button size="sm" variant="outline" onClick={onClear}>
              Clear search and filters
            </Button>
          ) : (
            !deleted && create
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

/** The list could not be loaded: the reason and a retry. */
export function ListError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The list could not be loaded</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </Alert.Root>
  );
}
