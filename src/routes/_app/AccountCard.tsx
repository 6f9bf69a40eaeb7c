import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { AccountCardPage } from '@/features/admin/AccountCardPage';

export const Route = createFileRoute('/_app/AccountCard')({
  beforeLoad: guard('/AccountCard'),
  component: AccountCardPage,
});
