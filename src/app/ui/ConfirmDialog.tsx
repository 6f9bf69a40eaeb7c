import { useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogView';
import { loadOnInteraction } from './loadOnInteraction';

const view = loadOnInteraction(() => import('./ConfirmDialogView'));

/**
 * A yes/no question in a modal (role alertdialog): delete, leave with unsaved changes, … The
 * modal's code (zag's dialog machine, the portal, the focus trap: ~20 KiB gzip) loads on the first
 * interaction with the page, not with it: the logout warning renders one on every page (ADR 017).
 * The modal is always mounted closed, and opens a frame later at the earliest, as when it was part
 * of the page: opened in the render that mounted it (a question asked before its code had
 * arrived), its positioner took the clicks meant for its buttons.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const mod = view.use(props.open);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!mod) return;
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, [mod]);
  if (!mod) return null;
  return <mod.ConfirmDialogView {...props} open={props.open && mounted} />;
}

export type { ConfirmDialogProps };
