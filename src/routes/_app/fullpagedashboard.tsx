import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { WallboardPage } from '@/features/tanks/WallboardPage';

export const Route = createFileRoute('/_app/fullpagedashboard')({
  beforeLoad: guard('/fullpagedashboard'),
  component: WallboardPage,
});
