import { SimpleGrid } from '@chakra-ui/react';
import { SelectField } from '@/app/ui/form/fields';
import { SearchSelect } from '@/app/ui/form/SearchSelect';
import type { ResourceForm } from '@/app/ui/form/useResourceForm';
import { ALLOCATION_SUBJECTS, type AllocationSubject } from '@/contract/setup';
import { clients } from '../clients';
import { costCentreOptions, enumOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';

export const SUBJECT_LABELS: Record<AllocationSubject, string> = {
  equipment: 'Equipment',
  employee: 'Employee',
  costCentre: 'Cost centre',
};
/** The body field that holds the subject of each type. */
export const SUBJECT_FIELD = { equipment: 'equipmentId', employee: 'employeeId', costCentre: 'costCentreId' } as const;

const PICK_SIZE = 20;

const searchEquipment = async (q: string, signal?: AbortSignal) => {
  const page = await clients.equipment.list(
    { page: 1, pageSize: PICK_SIZE, sort: 'fleetNo', ...(q ? { q } : {}) },
    signal,
  );
  return page.items.map((e) => ({
    value: e.id,
    label: [e.fleetNo, e.registration, e.description].filter(Boolean).join(' · '),
  }));
};
const searchEmployees = async (q: string, signal?: AbortSignal) => {
  const page = await clients.employees.list(
    { page: 1, pageSize: PICK_SIZE, sort: 'number', ...(q ? { q } : {}) },
    signal,
  );
  return page.items.map((e) => ({ value: e.id, label: `${e.number} ${e.name}` }));
};

/**
 * Who or what the allocation is for: the type, then the subject. Equipment and employees are
 * searched on the server (fleets run to thousands); cost centres come from the reference data.
 * Draft fields: `subjectType`, `subjectId`, `subjectLabel`.
 */
export function SubjectPicker({ form }: { form: ResourceForm }) {
  const { data: ref } = useReference();
  const type = form.get('subjectType') as AllocationSubject;
  const errorPath = SUBJECT_FIELD[type];
  const common = {
    value: String(form.get('subjectId') ?? ''),
    onChange: (id: string, label = '') => {
      form.set('subjectId', id);
      form.set('subjectLabel', label);
    },
    onBlur: () => form.touch(errorPath),
    error: form.error(errorPath),
  };
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <SelectField
        label="For"
        options={enumOptions(ALLOCATION_SUBJECTS, SUBJECT_LABELS)}
        value={type}
        onChange={(t) => {
          form.set('subjectType', t);
          form.set('subjectId', '');
          form.set('subjectLabel', '');
        }}
      />
      {type === 'costCentre' ? (
        <SelectField
          label="Cost centre"
          placeholder="Choose a cost centre…"
          options={costCentreOptions(ref)}
          {...common}
        />
      ) : (
        <SearchSelect
          key={type}
          label={SUBJECT_LABELS[type]}
          selectedLabel={String(form.get('subjectLabel') ?? '')}
          queryKey={[type === 'equipment' ? clients.equipment.path : clients.employees.path]}
          search={type === 'equipment' ? searchEquipment : searchEmployees}
          placeholder={type === 'equipment' ? 'Fleet no., registration or tag…' : 'Number, name or tag…'}
          {...common}
        />
      )}
    </SimpleGrid>
  );
}
