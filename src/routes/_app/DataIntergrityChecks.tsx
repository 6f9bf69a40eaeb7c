import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { IntegrityPage } from '@/features/integrity/IntegrityPage';

export const Route = createFileRoute('/_app/DataIntergrityChecks')({
  beforeLoad: guard('/DataIntergrityChecks'),
  component: IntegrityPage,
});
