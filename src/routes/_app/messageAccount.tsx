import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { HomeMessagesPage } from '@/features/admin/HomeMessagesPage';

export const Route = createFileRoute('/_app/messageAccount')({
  beforeLoad: guard('/messageAccount'),
  validateSearch: validateListSearch,
  component: HomeMessagesPage,
});
