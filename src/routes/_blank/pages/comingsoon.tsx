import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/features/app/StatusPages';

export const Route = createFileRoute('/_blank/pages/comingsoon')({ component: ComingSoonPage });
