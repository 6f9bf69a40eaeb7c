import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { ReportSchedulePage } from '@/features/reports/ReportSchedulePage';

export const Route = createFileRoute('/_app/ReportSchedule')({
  beforeLoad: guard('/ReportSchedule'),
  validateSearch: validateListSearch,
  component: ReportSchedulePage,
});
