import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { ViewQuotationsPage } from '@/features/commercial/ViewQuotationsPage';

export const Route = createFileRoute('/_app/viewquotations')({
  beforeLoad: guard('/viewquotations'),
  validateSearch: validateListSearch,
  component: ViewQuotationsPage,
});
