import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ShareDocumentsPage } from '@/features/commercial/ShareDocumentsPage';

export const Route = createFileRoute('/_app/DocumenttoCustomer')({
  beforeLoad: guard('/DocumenttoCustomer'),
  component: ShareDocumentsPage,
});
