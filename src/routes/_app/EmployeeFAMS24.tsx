import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { EmployeesFams24Page } from '@/features/setup/employees/EmployeesFams24Page';

export const Route = createFileRoute('/_app/EmployeeFAMS24')({
  beforeLoad: guard('/EmployeeFAMS24'),
  validateSearch: validateListSearch,
  component: EmployeesFams24Page,
});
