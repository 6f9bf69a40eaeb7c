import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: unknown paths go to the 404 page.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/pages/error-404' });
  },
});
