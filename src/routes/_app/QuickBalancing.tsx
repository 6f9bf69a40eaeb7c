import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { BalancingPage } from '@/features/balancing/BalancingPage';
import { validateBalancingSearch } from '@/features/balancing/search';

export const Route = createFileRoute('/_app/QuickBalancing')({
  beforeLoad: guard('/QuickBalancing'),
  validateSearch: validateBalancingSearch,
  component: BalancingPage,
});
