import { Alert, Button, CloseButton, Drawer, Flex, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useBlocker } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { LoadError } from '../QueryState';
import { FormMessage } from '../FormMessage';
import type { ResourceForm } from './useResourceForm';

export type FormSize = 'md' | 'lg' | 'xl';

/**
 * The drawer record forms open in: full screen on a phone, a side panel from md up. One drawer
 * stays mounted while the record loads and the form shows, so focus is not lost between them.
 */
export function FormDrawer({
  open,
  onClose,
  size = 'md',
  children,
}: {
  open: boolean;
  onClose: () => void;
  size?: FormSize;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="end"
      size={{ base: 'full', md: size }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            {children}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close form" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Header({ title }: { title: string }) {
  return (
    <Drawer.Header borderBottomWidth="1px" pe="12">
      <Drawer.Title>{title}</Drawer.Title>
    </Drawer.Header>
  );
}

/** While the record loads, or when it cannot be loaded. */
export function FormLoadState({ title, error, onRetry }: { title: string; error?: string; onRetry?: () => void }) {
  return (
    <>
      <Header title={title} />
      <Drawer.Body py="4">
        {error ? (
          <LoadError what="The record" message={error} onRetry={onRetry} />
        ) : (
          <Stack gap="5" role="status" aria-busy="true" aria-label="Loading">
            {Array.from({ length: 5 }, (_, i) => (
              <Stack key={i} gap="2">
                <Skeleton h="3" w="24" />
                <Skeleton h="9" />
              </Stack>
            ))}
          </Stack>
        )}
      </Drawer.Body>
    </>
  );
}

function ConflictAlert({ form }: { form: ResourceForm }) {
  const c = form.conflict;
  if (!c) return null;
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>
          {c.deleted ? 'This record was deleted meanwhile' : 'Someone else saved this record meanwhile'}
        </Alert.Title>
        <Alert.Description>
          <Text>{c.message}</Text>
          {!c.deleted && <Text>Load their version (your edits are dropped), or save yours over it.</Text>}
        </Alert.Description>
        {!c.deleted && (
          <Flex gap="2" wrap="wrap">
            {c.current !== null && (
              <Button size="sm" onClick={form.loadCurrent}>
                Load the current version
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={form.keepMine}>
              Keep my changes
            </Button>
          </Flex>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

interface ShellProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: ResourceForm<any, any>;
  title: string;
  onClose: () => void;
  children: ReactNode;
  submitLabel?: string;
}

/**
 * A record form inside the FormDrawer: message and conflict on top, the fields, Cancel and Save
 * at the bottom (Save disabled while saving). Leaving with unsaved changes (closing, a link,
 * Back, a reload) asks first.
 */
export function FormShell({ form, title, onClose, children, submitLabel = 'Save' }: ShellProps) {
  const formId = useId();
  const blocker = useBlocker({
    shouldBlockFn: () => form.dirty,
    enableBeforeUnload: () => form.dirty,
    withResolver: true,
  });
  return (
    <>
      <Header title={title} />
      <Drawer.Body py="4">
        <form id={formId} onSubmit={(e) => void form.submit(e)} noValidate aria-label={title}>
          <Stack gap="4">
            <FormMessage message={form.message} />
            <ConflictAlert form={form} />
            {children}
          </Stack>
        </form>
      </Drawer.Body>
      <Drawer.Footer borderTopWidth="1px">
        <Flex gap="2" justify="end" w="full">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={form.saving} disabled={form.saving}>
            {submitLabel}
          </Button>
        </Flex>
      </Drawer.Footer>
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <Text>Your changes to this form have not been saved.</Text>
      </ConfirmDialog>
    </>
  );
}
