import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DailyReportPage } from '@/features/daily-report/DailyReportPage';
import { validateDailyReportSearch } from '@/features/daily-report/search';

export const Route = createFileRoute('/_app/DailyReportofCall')({
  beforeLoad: guard('/DailyReportofCall'),
  validateSearch: validateDailyReportSearch,
  component: DailyReportPage,
});
