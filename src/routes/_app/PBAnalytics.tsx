import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { AnalyticsPage } from '@/features/bi/AnalyticsPage';

export const Route = createFileRoute('/_app/PBAnalytics')({
  beforeLoad: guard('/PBAnalytics'),
  component: AnalyticsPage,
});
