import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { DocumentsListPage } from '@/features/commercial/DocumentsListPage';

export const Route = createFileRoute('/_app/Documentlist')({
  beforeLoad: guard('/Documentlist'),
  validateSearch: validateListSearch,
  component: DocumentsListPage,
});
