import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ChartViewPage } from '@/features/views/ChartViewPage';
import { validateChartSearch } from '@/features/views/search';

export const Route = createFileRoute('/_app/QuickChartView')({
  beforeLoad: guard('/QuickChartView'),
  validateSearch: validateChartSearch,
  component: ChartViewPage,
});
