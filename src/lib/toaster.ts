import { createToaster } from '@chakra-ui/react';

/**
 * The one toaster of the app (Chakra's store). Loaded by `notify` with the first notification and
 * rendered by `app/ToasterView.tsx`, so a page that never notifies loads no Chakra for it (ADR 047).
 */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });
