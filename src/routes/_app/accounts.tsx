import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { AccountsPage } from '@/features/admin/AccountsPage';

export const Route = createFileRoute('/_app/accounts')({ beforeLoad: guard('/accounts'), component: AccountsPage });
