import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { IncidentsPage } from '@/features/incidents/IncidentsPage';

export const Route = createFileRoute('/_app/IncidentReport')({
  beforeLoad: guard('/IncidentReport'),
  validateSearch: validateListSearch,
  component: IncidentsPage,
});
