import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: / redirects to the dashboard (whose guard then asks for a session).
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/analytics' });
  },
});
