import { createFileRoute } from '@tanstack/react-router';
import { MaintenancePage } from '@/features/app/StatusPages';

export const Route = createFileRoute('/_blank/pages/maintenance')({ component: MaintenancePage });
