import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { StoreVpnPage } from '@/features/devices/StoreVpnPage';

export const Route = createFileRoute('/_app/StoreVPN')({
  beforeLoad: guard('/StoreVPN'),
  component: StoreVpnPage,
});
