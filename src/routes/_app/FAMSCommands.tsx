import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { CommandsPage } from '@/features/devices/CommandsPage';

export const Route = createFileRoute('/_app/FAMSCommands')({
  beforeLoad: guard('/FAMSCommands'),
  validateSearch: validateListSearch,
  component: CommandsPage,
});
