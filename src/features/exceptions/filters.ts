import type { FilterOption, FilterSpec } from '@/app/ui/list/ListToolbar';
import {
  EXCEPTION_AGES,
  EXCEPTION_CODES,
  EXCEPTION_SEVERITIES,
  RESOLUTION_LABELS,
  RESOLUTION_REASONS,
  exceptionLabel,
} from '@/contract/exceptions';
import type { ReferenceData } from '@/contract/setup';
import { employeeOptions, equipmentOptions, storeOptions, tankOptions } from '@/lib/reference/labels';
import { SEVERITY_LABELS } from './present';

type Ref = ReferenceData | undefined;
const opts = <T extends string>(values: readonly T[], label: (v: T) => string): FilterOption[] =>
  values.map((v) => ({ value: v, label: label(v) }));

const common = (ref: Ref): FilterSpec[] => [
  {
    field: 'code',
    label: 'Type',
    options: opts(EXCEPTION_CODES, exceptionLabel).sort((a, b) => a.label.localeCompare(b.label)),
  },
  { field: 'severity', label: 'Severity', options: opts(EXCEPTION_SEVERITIES, (s) => SEVERITY_LABELS[s]) },
  { field: 'storeId', label: 'Store', options: storeOptions(ref) },
  { field: 'tankId', label: 'Tank', options: tankOptions(ref) },
  { field: 'equipmentId', label: 'Equipment', options: equipmentOptions(ref) },
  { field: 'employeeId', label: 'Employee', options: employeeOptions(ref) },
];

export const openFilters = (ref: Ref, assignees: FilterOption[]): FilterSpec[] => [
  ...common(ref),
  {
    field: 'status',
    label: 'Status',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'acknowledged', label: 'Acknowledged' },
    ],
  },
  { field: 'assignedTo', label: 'Assigned to', options: [{ value: 'null', label: 'Nobody' }, ...assignees] },
  {
    field: 'age',
    label: 'Waiting',
    options: Object.entries(EXCEPTION_AGES).map(([value, label]) => ({ value, label })),
  },
];

export const historyFilters = (ref: Ref): FilterSpec[] => [
  { field: 'from', label: 'Resolved from', kind: 'date' },
  { field: 'to', label: 'Resolved to', kind: 'date' },
  ...common(ref),
  { field: 'reason', label: 'Reason', options: opts(RESOLUTION_REASONS, (r) => RESOLUTION_LABELS[r]) },
];
