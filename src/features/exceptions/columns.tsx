import { Badge } from '@chakra-ui/react';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { EXCEPTION_COLUMNS, type ExceptionRow } from '@/contract/exceptions';
import { hours, reasonOf, SEVERITY_LABELS, SEVERITY_PALETTE, STATUS_LABELS, whatOf } from './present';

/** The contract's columns (titles shared with the export, ADR 023) with this screen's cells. */
const cells: Partial<Record<string, Pick<ListColumn<ExceptionRow>, 'cell'>>> = {
  severity: {
    cell: (r) => <Badge colorPalette={SEVERITY_PALETTE[r.severity]}>{SEVERITY_LABELS[r.severity]}</Badge>,
  },
  code: { cell: whatOf },
  status: { cell: (r) => STATUS_LABELS[r.status] },
  reason: { cell: reasonOf },
  hoursToResolve: { cell: (r) => hours(r.hoursToResolve) },
};

export const openColumns: ListColumn<ExceptionRow>[] = specColumns(EXCEPTION_COLUMNS.open, cells);
export const historyColumns: ListColumn<ExceptionRow>[] = specColumns(EXCEPTION_COLUMNS.history, cells);
