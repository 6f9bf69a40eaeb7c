import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  INCIDENT_COLUMNS,
  INCIDENT_KIND_LABELS,
  INCIDENT_KINDS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  INCIDENTS_LIST,
  type Incident,
} from '@/contract/incidents';
import { enumOptions, referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { incidentsClient } from './client';
import { IncidentForm, incidentLabel } from './IncidentForm';

const columns: ListColumn<Incident>[] = specColumns(INCIDENT_COLUMNS);

/** `/IncidentReport`: incidents and call-outs, on the shared list with the record form in a drawer. */
export function IncidentsPage() {
  const { data: ref } = useReference();
  const filters = [
    { field: 'kind', label: 'Kind', options: enumOptions(INCIDENT_KINDS, INCIDENT_KIND_LABELS) },
    { field: 'type', label: 'Type', options: enumOptions(INCIDENT_TYPES, INCIDENT_TYPE_LABELS) },
    { field: 'status', label: 'Status', options: enumOptions(INCIDENT_STATUSES, INCIDENT_STATUS_LABELS) },
    { field: 'severity', label: 'Severity', options: enumOptions(INCIDENT_SEVERITIES, INCIDENT_SEVERITY_LABELS) },
    referenceFilters(ref).storeId,
    { field: 'from', label: 'From', kind: 'date' as const },
    { field: 'to', label: 'To', kind: 'date' as const },
  ];
  return (
    <ResourceScreen
      client={incidentsClient}
      info={INCIDENTS_LIST}
      noun="incident"
      plural="incidents"
      columns={columns}
      filters={filters}
      rowLabel={incidentLabel}
      Form={IncidentForm}
      formSize="lg"
    />
  );
}
