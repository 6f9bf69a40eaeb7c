import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ExceptionsPage } from '@/features/exceptions/ExceptionsPage';
import { validateExceptionsSearch } from '@/features/exceptions/search';

export const Route = createFileRoute('/_app/Exceptions')({
  beforeLoad: guard('/Exceptions'),
  validateSearch: validateExceptionsSearch,
  component: ExceptionsPage,
});
