import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '../theme';
import { InChakra } from './inChakra';

/** Chakra's provider with FAMS's system: loaded by `ChakraBoundary` only where Chakra renders (ADR 047). */
export default function ChakraRoot({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <InChakra.Provider value>{children}</InChakra.Provider>
    </ChakraProvider>
  );
}
