import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogView';

const ConfirmDialogView = lazy(() => import('./ConfirmDialogView').then((m) => ({ default: m.ConfirmDialogView })));

/**
 * A yes/no question in a modal (role alertdialog): delete, leave with unsaved changes, … The
 * dialog's code (zag's dialog, focus trap) loads the first time it opens, from the service
 * worker's cache on a device (ADR 017, third pass); it stays mounted afterwards.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}><ConfirmDialogView {...props} /></Suspense>;
}
