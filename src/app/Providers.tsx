import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './theme';
import { Toaster } from './Toaster';
import { UpdatePrompt } from './UpdatePrompt';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
      <UpdatePrompt />
    </ChakraProvider>
  );
}
