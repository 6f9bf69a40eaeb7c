import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '@/app/guard';
import { AppShell } from '@/app/layouts/AppShell';

export const Route = createFileRoute('/_app')({
  beforeLoad: requireSession,
  component: AppShell,
  // Static CSS (ADR 054): an office screen below it brings Chakra's provider through the shell's boundary.
  staticData: { plainCss: true },
});
