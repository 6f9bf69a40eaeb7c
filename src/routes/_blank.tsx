import { createFileRoute } from '@tanstack/react-router';
import { BlankLayout } from '@/app/layouts/BlankLayout';

export const Route = createFileRoute('/_blank')({ staticData: { plainCss: true }, component: BlankLayout });
