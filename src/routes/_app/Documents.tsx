import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { LibraryPage } from '@/features/commercial/LibraryPage';

export const Route = createFileRoute('/_app/Documents')({ beforeLoad: guard('/Documents'), component: LibraryPage });
