import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { ManageIntegrationPage } from '@/features/integrations/ManageIntegrationPage';

export const Route = createFileRoute('/_app/ManageIntegration')({
  beforeLoad: guard('/ManageIntegration'),
  validateSearch: validateListSearch,
  component: ManageIntegrationPage,
});
