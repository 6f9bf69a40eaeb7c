import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { KeyPanel } from './KeyPanel';

/** The new key after "Rotate key", shown once. */
export function KeyDialog({
  device,
  usage,
  onClose,
}: {
  device: { id: string; name: string; key?: string } | null;
  usage: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={!!device?.key}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>New key of {device?.name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {device?.key && <KeyPanel deviceId={device.id} deviceKey={device.key} usage={usage} />}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Done</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
