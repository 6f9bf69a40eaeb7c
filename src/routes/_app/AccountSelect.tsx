import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { AccountSelectScreen } from '@/features/auth/SelectAccountPage';

export const Route = createFileRoute('/_app/AccountSelect')({
  beforeLoad: guard('/AccountSelect'),
  staticData: { noQueryClient: true },
  component: AccountSelectScreen,
});
