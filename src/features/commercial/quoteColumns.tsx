import { Link } from '@tanstack/react-router';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import {
  COMMERCIAL_COLUMNS,
  FOLLOW_UP,
  FOLLOW_UP_LABELS,
  QUOTE_STATUSES,
  QUOTE_STATUS_LABELS,
  type QuoteListRow,
} from '@/contract/commercial';
import type { FilterSpec } from '@/app/ui/list/ListToolbar';

/** The quotation list's columns: the number opens the quotation. */
export const quoteColumns: ListColumn<QuoteListRow>[] = specColumns(COMMERCIAL_COLUMNS.quotations, {
  label: {
    cell: (q) => (
      <Link to="/quotation" search={{ id: q.id }}>
        {q.label}
      </Link>
    ),
  },
});

export const quoteFilters = (customers: { value: string; label: string }[]): FilterSpec[] => [
  {
    field: 'status',
    label: 'Status',
    options: QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })),
  },
  {
    field: 'followUp',
    label: 'Follow-up',
    options: FOLLOW_UP.map((f) => ({ value: f, label: FOLLOW_UP_LABELS[f] })),
  },
  { field: 'customerId', label: 'Customer', options: customers },
  { field: 'from', label: 'From', kind: 'date' },
  { field: 'to', label: 'To', kind: 'date' },
  { field: 'minTotal', label: 'Total at least', kind: 'text' },
  { field: 'maxTotal', label: 'Total at most', kind: 'text' },
];
