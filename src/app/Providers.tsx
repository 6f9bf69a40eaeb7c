import type { ReactNode } from 'react';
import './plain/base.css';
import { Toaster } from './Toaster';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * What every page needs. react-query is not here: only office screens use it, and the signed-in
 * shell provides it around them (layouts/QueryShell.tsx), so the login and the field screens do
 * not load it (ADR 017). Nor is Chakra: the root route puts its provider around the pages that
 * render Chakra, and the login and field screens are static CSS (`chakra/ChakraBoundary.tsx`, ADR 047).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
