import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { ContactsPage } from '@/features/admin/ContactsPage';

export const Route = createFileRoute('/_app/UserContactInformation')({
  beforeLoad: guard('/UserContactInformation'),
  validateSearch: validateListSearch,
  component: ContactsPage,
});
