import { Alert } from '@chakra-ui/react';
import type { FormMessageValue } from './formMessageValue';

export type { FormMessageValue, MessageTone } from './formMessageValue';

const STATUS = { danger: 'error', warning: 'warning', success: 'success', info: 'info' } as const;

/** A message above or below a form, announced to screen readers (role="alert"). */
export function FormMessage({ message }: { message: FormMessageValue | null }) {
  if (!message) return null;
  return (
    <Alert.Root status={STATUS[message.tone]} role="alert">
      <Alert.Indicator />
      <Alert.Title>{message.text}</Alert.Title>
    </Alert.Root>
  );
}
