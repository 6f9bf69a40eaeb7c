import { createContext } from 'react';

/** True below `ChakraRoot`: a `ChakraBoundary` there renders its children as they are (one provider). */
export const InChakra = createContext(false);
