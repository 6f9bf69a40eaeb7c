import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateRecordsSearch } from '@/features/records/search';
import { TransfersPage } from '@/features/records/TransfersPage';

export const Route = createFileRoute('/_app/FiltersTransfer')({
  beforeLoad: guard('/FiltersTransfer'),
  validateSearch: validateRecordsSearch,
  component: TransfersPage,
});
