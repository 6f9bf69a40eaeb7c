import { createFileRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '@/features/app/StatusPages';

export const Route = createFileRoute('/_blank/pages/error-500')({ component: ServerErrorPage });
