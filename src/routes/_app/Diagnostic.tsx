import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { DiagnosticPage } from '@/features/diagnostic/DiagnosticPage';

export const Route = createFileRoute('/_app/Diagnostic')({
  beforeLoad: guard('/Diagnostic'),
  component: DiagnosticPage,
});
