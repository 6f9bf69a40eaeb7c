import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { GaugeDevicesPage } from '@/features/gauges/GaugeDevicesPage';

export const Route = createFileRoute('/_app/iotSetup')({
  beforeLoad: guard('/iotSetup'),
  validateSearch: validateListSearch,
  component: GaugeDevicesPage,
});
