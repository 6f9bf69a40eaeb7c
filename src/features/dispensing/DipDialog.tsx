import { CloseButton, Dialog, Portal, Text, useBreakpointValue } from '@chakra-ui/react';
import { notify } from '@/lib/notify';
import { ReferenceGate } from './CaptureFrame';
import { DipForm } from './DipForm';

export interface DipDialogProps {
  /** The tank to dip; null = closed. */
  tankId: string | null;
  tankLabel?: string;
  onClose: () => void;
}

/**
 * "Record dip" from another screen (/TankLevels): the same form and outbox as the Tank dip tab
 * of /QuickDispense, in a dialog, with the tank chosen. Closes once the dip is saved on the device.
 */
export function DipDialog({ tankId, tankLabel, onClose }: DipDialogProps) {
  // Full screen on a phone; a responsive `size` object would leak those styles into the larger size.
  const size = useBreakpointValue({ base: 'full', md: 'lg' } as const) ?? 'lg';
  return (
    <Dialog.Root
      open={tankId !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size={size}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Record dip{tankLabel ? `: ${tankLabel}` : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Text fontSize="sm" color="fg.muted" mb="3">
                Saved on this device first, then sent; the level shows here once the server has it.
              </Text>
              {tankId && (
                <ReferenceGate>
                  {(ref) => (
                    <DipForm
                      reference={ref}
                      tankId={tankId}
                      compact
                      onSaved={(rec) => {
                        notify({
                          tone: 'success',
                          title: 'Dip saved',
                          message: `${rec.payload.productHeightMm} mm saved on this device; it is sent as soon as the server can be reached.`,
                        });
                        onClose();
                      }}
                    />
                  )}
                </ReferenceGate>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size={{ base: 'xl', md: 'sm' }} aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
