import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { StandardReportsPage } from '@/features/reports/StandardReportsPage';

export const Route = createFileRoute('/_app/StandardReportListBold')({
  beforeLoad: guard('/StandardReportListBold'),
  component: StandardReportsPage,
});
