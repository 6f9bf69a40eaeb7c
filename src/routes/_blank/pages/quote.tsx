import { createFileRoute } from '@tanstack/react-router';
import { PublicQuotePage } from '@/features/commercial/PublicQuotePage';

/** The customer's page of a quotation's e-mailed link (no account; ADR 039). */
export const Route = createFileRoute('/_blank/pages/quote')({ component: PublicQuotePage });
