import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { SapPage } from '@/features/integrations/SapPage';

export const Route = createFileRoute('/_app/SAP')({
  beforeLoad: guard('/SAP'),
  validateSearch: validateListSearch,
  component: SapPage,
});
