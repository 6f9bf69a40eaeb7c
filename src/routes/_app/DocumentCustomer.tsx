import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { DocumentsPerCustomerPage } from '@/features/commercial/DocumentsPerCustomerPage';

export const Route = createFileRoute('/_app/DocumentCustomer')({
  beforeLoad: guard('/DocumentCustomer'),
  validateSearch: validateListSearch,
  component: DocumentsPerCustomerPage,
});
