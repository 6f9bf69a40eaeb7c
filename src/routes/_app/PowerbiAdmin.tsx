import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { PowerbiAdminPage } from '@/features/bi/PowerbiAdminPage';

export const Route = createFileRoute('/_app/PowerbiAdmin')({
  beforeLoad: guard('/PowerbiAdmin'),
  component: PowerbiAdminPage,
});
