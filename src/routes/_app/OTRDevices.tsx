import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { FieldDevicesPage } from '@/features/devices/FieldDevicesPage';

export const Route = createFileRoute('/_app/OTRDevices')({
  beforeLoad: guard('/OTRDevices'),
  validateSearch: validateListSearch,
  component: FieldDevicesPage,
});
