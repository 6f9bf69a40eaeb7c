import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { IntegrationSetupPage } from '@/features/integrations/IntegrationSetupPage';

export const Route = createFileRoute('/_app/IntegrationSetup')({
  beforeLoad: guard('/IntegrationSetup'),
  component: IntegrationSetupPage,
});
