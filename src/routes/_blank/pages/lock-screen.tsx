import { createFileRoute } from '@tanstack/react-router';
import { LockScreenPage } from '@/features/auth/LockScreenPage';

export const Route = createFileRoute('/_blank/pages/lock-screen')({ component: LockScreenPage });
