import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { SunmiConfigPage } from '@/features/devices/SunmiConfigPage';

export const Route = createFileRoute('/_app/SumniConfig')({
  beforeLoad: guard('/SumniConfig'),
  validateSearch: validateListSearch,
  component: SunmiConfigPage,
});
