import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { EmployeesPage } from '@/features/setup/employees/EmployeesPage';

export const Route = createFileRoute('/_app/Employee')({
  beforeLoad: guard('/Employee'),
  validateSearch: validateListSearch,
  component: EmployeesPage,
});
