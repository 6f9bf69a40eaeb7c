import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { PivotPage } from '@/features/records/PivotPage';
import { validatePivotSearch } from '@/features/records/search';

export const Route = createFileRoute('/_app/QuickPivot')({
  beforeLoad: guard('/QuickPivot'),
  validateSearch: validatePivotSearch,
  component: PivotPage,
});
