import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { SystemReportPage } from '@/features/bi/SystemReportPage';

export const Route = createFileRoute('/_app/SystemReport')({
  beforeLoad: guard('/SystemReport'),
  component: SystemReportPage,
});
