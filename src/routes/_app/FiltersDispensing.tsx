import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DispensesPage } from '@/features/records/DispensesPage';
import { validateRecordsSearch } from '@/features/records/search';

export const Route = createFileRoute('/_app/FiltersDispensing')({
  beforeLoad: guard('/FiltersDispensing'),
  validateSearch: validateRecordsSearch,
  component: DispensesPage,
});
