import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ManualReceiptsPage } from '@/features/dispensing/pages';
import { ReceiptsPage } from '@/features/records/ReceiptsPage';
import { validateRecordsSearch } from '@/features/records/search';

/** Capture on this device (dispensing), then every manual receipt of the account (records). */
function FiltersReceivedMan() {
  return (
    <>
      <ManualReceiptsPage />
      <ReceiptsPage manual />
    </>
  );
}

export const Route = createFileRoute('/_app/FiltersReceivedMan')({
  beforeLoad: guard('/FiltersReceivedMan'),
  validateSearch: validateRecordsSearch,
  component: FiltersReceivedMan,
});
