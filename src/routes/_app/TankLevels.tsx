import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DipDialog } from '@/features/dispensing/DipDialog';
import { validateTankLevelsSearch } from '@/features/tanks/search';
import { TankLevelsPage } from '@/features/tanks/TankLevelsPage';

// The page's "Record dip" is the field screens' dip form: the route composes the two areas.
const Page = () => <TankLevelsPage DipDialog={DipDialog} />;

export const Route = createFileRoute('/_app/TankLevels')({
  beforeLoad: guard('/TankLevels'),
  validateSearch: validateTankLevelsSearch,
  component: Page,
});
