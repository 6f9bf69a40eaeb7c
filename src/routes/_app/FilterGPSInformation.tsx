import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { GpsRecordsPage } from '@/features/views/GpsRecordsPage';

export const Route = createFileRoute('/_app/FilterGPSInformation')({
  beforeLoad: guard('/FilterGPSInformation'),
  validateSearch: validateListSearch,
  component: GpsRecordsPage,
});
