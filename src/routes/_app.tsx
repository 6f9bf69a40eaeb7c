import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '@/app/guard';
import { AppShell } from '@/app/layouts/AppShell';

export const Route = createFileRoute('/_app')({ beforeLoad: requireSession, component: AppShell });
