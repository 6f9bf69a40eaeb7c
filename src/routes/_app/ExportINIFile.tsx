import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { IniExportPage } from '@/features/devices/IniExportPage';

export const Route = createFileRoute('/_app/ExportINIFile')({
  beforeLoad: guard('/ExportINIFile'),
  component: IniExportPage,
});
