import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AuditLogsPage } from '@/features/setup/admin/AuditLogsPage';

export const Route = createFileRoute('/_app/AuditLogs')({
  beforeLoad: guard('/AuditLogs'),
  validateSearch: validateListSearch,
  component: AuditLogsPage,
});
