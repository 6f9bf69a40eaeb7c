import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { PlansPage } from '@/features/admin/PlansPage';

export const Route = createFileRoute('/_app/Subscription')({
  beforeLoad: guard('/Subscription'),
  component: PlansPage,
});
