import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ExceptionHistoryPage } from '@/features/exceptions/ExceptionHistoryPage';
import { validateExceptionsSearch } from '@/features/exceptions/search';

export const Route = createFileRoute('/_app/ExceptionHistory')({
  beforeLoad: guard('/ExceptionHistory'),
  validateSearch: validateExceptionsSearch,
  component: ExceptionHistoryPage,
});
