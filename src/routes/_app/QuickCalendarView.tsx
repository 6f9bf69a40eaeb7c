import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { CalendarViewPage } from '@/features/views/CalendarViewPage';
import { validateCalendarSearch } from '@/features/views/search';

export const Route = createFileRoute('/_app/QuickCalendarView')({
  beforeLoad: guard('/QuickCalendarView'),
  validateSearch: validateCalendarSearch,
  component: CalendarViewPage,
});
