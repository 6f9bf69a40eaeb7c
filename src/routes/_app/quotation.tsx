import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { stringSearch } from '@/app/search';
import { QuotationPage } from '@/features/commercial/QuotationPage';

export const Route = createFileRoute('/_app/quotation')({
  beforeLoad: guard('/quotation'),
  validateSearch: stringSearch('id'),
  component: QuotationPage,
});
