import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { NotReadyPage } from '@/features/app/NotReadyPage';

export const Route = createFileRoute('/_app/SubscriptionReport')({
  beforeLoad: guard('/SubscriptionReport'),
  component: NotReadyPage,
});
