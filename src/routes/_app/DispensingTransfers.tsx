import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { TransfersPage } from '@/features/dispensing/pages';

export const Route = createFileRoute('/_app/DispensingTransfers')({
  beforeLoad: guard('/DispensingTransfers'),
  staticData: { noQueryClient: true },
  component: TransfersPage,
});
