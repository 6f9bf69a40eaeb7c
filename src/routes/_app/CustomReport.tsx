import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { CustomReportPage } from '@/features/reports/CustomReportPage';

export const Route = createFileRoute('/_app/CustomReport')({
  beforeLoad: guard('/CustomReport'),
  validateSearch: validateListSearch,
  component: CustomReportPage,
});
