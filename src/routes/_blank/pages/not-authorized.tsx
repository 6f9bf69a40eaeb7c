import { createFileRoute } from '@tanstack/react-router';
import { NotAuthorizedPage } from '@/features/app/StatusPages';

export const Route = createFileRoute('/_blank/pages/not-authorized')({ component: NotAuthorizedPage });
