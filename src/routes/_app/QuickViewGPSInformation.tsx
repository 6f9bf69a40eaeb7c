import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { GpsMapPage } from '@/features/views/GpsMapPage';
import { validateGpsSearch } from '@/features/views/search';

export const Route = createFileRoute('/_app/QuickViewGPSInformation')({
  beforeLoad: guard('/QuickViewGPSInformation'),
  validateSearch: validateGpsSearch,
  component: GpsMapPage,
});
