import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ManualReceiptsPage } from '@/features/dispensing/pages';

export const Route = createFileRoute('/_app/FiltersReceivedMan')({ beforeLoad: guard('/FiltersReceivedMan'), component: ManualReceiptsPage });
