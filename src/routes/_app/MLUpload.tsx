import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { MLUploadPage } from '@/features/ml/MLUploadPage';

export const Route = createFileRoute('/_app/MLUpload')({ beforeLoad: guard('/MLUpload'), component: MLUploadPage });
