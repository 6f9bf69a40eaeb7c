import { createRootRoute } from '@tanstack/react-router';
import { RootLayout } from '@/app/chakra/ChakraBoundary';

export const Route = createRootRoute({ component: RootLayout });
