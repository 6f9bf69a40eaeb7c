import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/features/app/StatusPages';

export const Route = createFileRoute('/_blank/pages/error-404')({ component: NotFoundPage });
