import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query';
import { system } from './theme';
import { Toaster } from './Toaster';
import { UpdatePrompt } from './UpdatePrompt';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <Toaster />
      <UpdatePrompt />
    </ChakraProvider>
  );
}
