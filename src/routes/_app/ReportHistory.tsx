import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { ReportHistoryPage } from '@/features/reports/ReportHistoryPage';

export const Route = createFileRoute('/_app/ReportHistory')({
  beforeLoad: guard('/ReportHistory'),
  validateSearch: validateListSearch,
  component: ReportHistoryPage,
});
