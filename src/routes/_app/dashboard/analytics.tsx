import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DashboardPage } from '@/features/app/DashboardPage';
import { ExpiringDocumentsCard } from '@/features/dashboard/ExpiringDocuments';
import { KpiCards } from '@/features/dashboard/KpiCards';

const Page = () => (
  <DashboardPage
    cards={
      <>
        <KpiCards />
        <ExpiringDocumentsCard />
      </>
    }
  />
);

export const Route = createFileRoute('/_app/dashboard/analytics')({
  beforeLoad: guard('/dashboard/analytics'),
  component: Page,
});
