import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ReceiptsPage } from '@/features/records/ReceiptsPage';
import { validateRecordsSearch } from '@/features/records/search';

export const Route = createFileRoute('/_app/FiltersReceived')({
  beforeLoad: guard('/FiltersReceived'),
  validateSearch: validateRecordsSearch,
  component: () => <ReceiptsPage />,
});
