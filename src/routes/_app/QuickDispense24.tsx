import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { NotReadyPage } from '@/features/app/NotReadyPage';

export const Route = createFileRoute('/_app/QuickDispense24')({ beforeLoad: guard('/QuickDispense24'), component: NotReadyPage });
