import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/Providers';
import { router } from '@/app/router';
import { clearIfStartingOnLogin, renewQuietly, watchSignOutElsewhere } from '@/features/auth/service';
import { watchChunkErrors } from '@/lib/chunkReload';
import { setNavigator } from '@/lib/navigation';
import { registerServiceWorker } from '@/lib/pwa';
import { hasValidSession } from '@/lib/session';
import { shareThisTabSession } from '@/lib/tabSession';

clearIfStartingOnLogin(window.location.pathname);
setNavigator((href) => void router.navigate({ href }));
watchChunkErrors();
watchSignOutElsewhere();
shareThisTabSession();
registerServiceWorker();
// Spec §4: renew the session's token at start; a failure is only logged.
if (hasValidSession()) void renewQuietly();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
