import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { TagsPage } from '@/features/devices/TagsPage';

export const Route = createFileRoute('/_app/ScanTags')({
  beforeLoad: guard('/ScanTags'),
  validateSearch: validateListSearch,
  component: TagsPage,
});
