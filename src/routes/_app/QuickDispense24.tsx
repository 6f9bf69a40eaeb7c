import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { QuickDispense24Page } from '@/features/dispensing/pages';

export const Route = createFileRoute('/_app/QuickDispense24')({
  beforeLoad: guard('/QuickDispense24'),
  // ADR 062: the form is static CSS; the page renders without Chakra.
  staticData: { noQueryClient: true, plainCss: true },
  component: QuickDispense24Page,
});
