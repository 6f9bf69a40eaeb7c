import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage';

export const Route = createFileRoute('/_blank/pages/forgot-password')({ component: ForgotPasswordPage });
