import { createFileRoute } from '@tanstack/react-router';
import { BlankLayout } from '@/app/layouts/BlankLayout';

export const Route = createFileRoute('/_blank')({ component: BlankLayout });
