import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme';
import { Toaster } from './Toaster';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * What every page needs. react-query is not here: only office screens use it, and the signed-in
 * shell provides it around them (layouts/QueryShell.tsx), so the login and the field screens do
 * not load it (ADR 017).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
      <UpdatePrompt />
    </ChakraProvider>
  );
}
