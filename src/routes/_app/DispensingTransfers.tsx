import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { TransfersPage } from '@/features/dispensing/pages';

export const Route = createFileRoute('/_app/DispensingTransfers')({
  beforeLoad: guard('/DispensingTransfers'),
  // ADR 062: the transfer form is static CSS like the dispense form.
  staticData: { noQueryClient: true, plainCss: true },
  component: TransfersPage,
});
