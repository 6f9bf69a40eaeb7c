import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DataImportsPage } from '@/features/imports/DataImportsPage';
import { validateImportsSearch } from '@/features/imports/search';

export const Route = createFileRoute('/_app/DataImports')({
  beforeLoad: guard('/DataImports'),
  validateSearch: validateImportsSearch,
  component: DataImportsPage,
});
