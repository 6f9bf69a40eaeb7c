import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { SitesPage } from '@/features/commercial/SitesPage';

export const Route = createFileRoute('/_app/Customersitelist')({
  beforeLoad: guard('/Customersitelist'),
  validateSearch: validateListSearch,
  component: SitesPage,
});
