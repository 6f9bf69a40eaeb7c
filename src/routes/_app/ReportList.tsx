import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ReportListPage } from '@/features/reports/ReportListPage';
import { validateReportListSearch } from '@/features/reports/search';

export const Route = createFileRoute('/_app/ReportList')({
  beforeLoad: guard('/ReportList'),
  validateSearch: validateReportListSearch,
  component: ReportListPage,
});
