import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DevicePage } from '@/features/device/DevicePage';

export const Route = createFileRoute('/_app/Device')({
  beforeLoad: guard('/Device'),
  staticData: { noQueryClient: true },
  component: DevicePage,
});
