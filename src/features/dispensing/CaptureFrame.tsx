import { Alert, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FormMessage } from '@/app/ui/FormMessage';
import type { ReferenceData } from '@/contract/setup/reference';
import { useReference } from '@/lib/offline';
import { handleEnter } from './enterKey';
import { RequiredNote } from './FieldControls';
import { SaveBar } from './SaveBar';
import type { Capture } from './useCapture';

/** The frame of the field screens: reference data gate, form card, two columns from lg up. */

/** Renders the page once the cached reference data is read; says so when this device has none. */
export function ReferenceGate({ children }: { children: (ref: ReferenceData) => ReactNode }) {
  const snapshot = useReference();
  if (snapshot === undefined) return <FormSkeleton />;
  if (snapshot === null) {
    return (
      <Alert.Root status="warning" role="alert" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>No stores, tanks or equipment on this device yet</Alert.Title>
          <Alert.Description>
            They are loaded the first time this device is online after signing in. Connect once, then this form works
            with no signal.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <>{children(snapshot.data)}</>;
}

/** What a field form shows while its data or code is on the way. */
export function FormSkeleton() {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading" maxW="xl">
      {[1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h="10" />
      ))}
    </Stack>
  );
}

/** Form first (one column on a phone), recent records beside it on a wide screen. */
export function CaptureColumns({ form, recent }: { form: ReactNode; recent: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 4, lg: 6 }} alignItems="start" maxW="7xl">
      {form}
      {recent}
    </SimpleGrid>
  );
}

interface FormCardProps {
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  capture: Capture<any>;
  submitLabel: string;
  resendLabel?: string;
  onSubmit: () => void;
  children: ReactNode;
  /** Above the Save button: live warnings, GPS state. */
  footer?: ReactNode;
}

/**
 * A field form: title, what the asterisks mean, the fields, and the sticky save bar. Enter moves
 * to the next field (a picker first picks; the last field saves); the first typing after a save
 * puts the confirmation away.
 */
export function FormCard({
  title,
  capture,
  submitLabel,
  resendLabel = 'Send again',
  onSubmit,
  children,
  footer,
}: FormCardProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // After a refused save, take the user to the first marked field (its text is still there).
  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [capture.errors]);
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const form = formRef.current;
    if (form) handleEnter(e, form, () => form.requestSubmit(), barRef.current);
  };
  const { saved, dismissSaved } = capture;
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Body p={{ base: 3, md: 5 }}>
        <form
          ref={formRef}
          noValidate
          aria-label={title}
          onKeyDown={onKeyDown}
          onInput={saved ? dismissSaved : undefined}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="4">
            <Stack gap="1">
              <Heading as="h2" size="md">
                {capture.editing ? `${title}: correct and send again` : title}
              </Heading>
              <RequiredNote />
            </Stack>
            <FormMessage message={capture.message} />
            {children}
            {footer}
            <SaveBar barRef={barRef} saved={saved} onDismiss={dismissSaved}>
              <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
                <Button
                  type="submit"
                  size="xl"
                  flex={{ base: 'none', sm: '1' }}
                  loading={capture.saving}
                  loadingText="Saving"
                >
                  {capture.editing ? resendLabel : submitLabel}
                </Button>
                {capture.editing && (
                  <Button type="button" size="xl" variant="outline" onClick={capture.cancelFix}>
                    Cancel correction
                  </Button>
                )}
              </Flex>
            </SaveBar>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
