import { Alert, Button } from '@chakra-ui/react';

/** A read that failed: what, why, and a retry (the levels and the history). */
export function LoadError({
  what,
  message,
  note,
  onRetry,
  retrying,
}: {
  what: string;
  message: string;
  note?: string;
  onRetry: () => void;
  retrying: boolean;
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
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </Alert.Root>
  );
}
