import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { StoreLocatorPage } from '@/features/admin/StoreLocatorPage';

export const Route = createFileRoute('/_app/StoreLocator')({
  beforeLoad: guard('/StoreLocator'),
  component: StoreLocatorPage,
});
