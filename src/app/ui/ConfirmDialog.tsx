import { use, useEffect, useState } from 'react';
import { ChakraBoundary } from '../chakra/ChakraBoundary';
import { InChakra } from '../chakra/inChakra';
import type { ConfirmDialogProps } from './ConfirmDialogView';
import { loadOnInteraction } from './loadOnInteraction';

const view = loadOnInteraction(() => import('./ConfirmDialogView'));
type View = typeof import('./ConfirmDialogView');

/**
 * Mounted closed, it opens a frame later at the earliest, as when it was part of the page: opened in
 * the render that mounted it (a question asked before its code had arrived), its positioner took
 * the clicks meant for its buttons.
 */
function OpenAFrameLater({ mod, ...props }: ConfirmDialogProps & { mod: View }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <mod.ConfirmDialogView {...props} open={props.open && mounted} />;
}

/**
 * A yes/no question in a modal (role alertdialog): delete, leave with unsaved changes, … The
 * modal's code (zag's dialog machine, the portal, the focus trap: ~20 KiB gzip) loads on the first
 * interaction with the page, not with it: the logout warning renders one on every page (ADR 017).
 * On a page without Chakra (a field screen, ADR 054) the modal and Chakra's provider mount with
 * the first question only.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const mod = view.use(props.open);
  const inChakra = use(InChakra);
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true); // sticky: it stays mounted to close with its animation
  if (!mod || (!inChakra && !asked)) return null;
  return (
    <ChakraBoundary>
      <OpenAFrameLater mod={mod} {...props} />
    </ChakraBoundary>
  );
}

export type { ConfirmDialogProps };
