import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { ReportCatalogueAdminPage } from '@/features/reports/ReportCatalogueAdminPage';

export const Route = createFileRoute('/_app/StandardReportAdminList')({
  beforeLoad: guard('/StandardReportAdminList'),
  component: ReportCatalogueAdminPage,
});
