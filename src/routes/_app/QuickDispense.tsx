import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { stringSearch } from '@/app/search';
import { QuickDispensePage } from '@/features/dispensing/pages';

export const Route = createFileRoute('/_app/QuickDispense')({
  beforeLoad: guard('/QuickDispense'),
  // ADR 062: the form is static CSS; the page renders without Chakra.
  staticData: { noQueryClient: true, plainCss: true },
  validateSearch: stringSearch('tab', 'tankId'),
  component: QuickDispensePage,
});
