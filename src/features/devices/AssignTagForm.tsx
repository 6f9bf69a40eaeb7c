import { SimpleGrid } from '@chakra-ui/react';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import { AssignTagBody, type TagRow } from '@/contract/devices-tags';
import { employeeOptions, equipmentOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { assignTag } from './client';

/** Assigns a registered tag to an equipment or an employee (`/ScanTags`). */
export function AssignTagForm({ row, close }: { row: TagRow; close: () => void }) {
  const { data: ref } = useReference();
  const form = useResourceForm({
    initial: { equipmentId: '', employeeId: '' },
    toBody: (d) => ({ equipmentId: d.equipmentId || null, employeeId: d.employeeId || null }),
    schema: AssignTagBody,
    save: (body) => assignTag(row.id, body),
    onSaved: () => {
      void refreshAll();
      close();
    },
    savedMessage: () => `Tag ${row.tag} assigned.`,
  });
  return (
    <FormShell form={form} title={`Assign tag ${row.tag}`} onClose={close} submitLabel="Assign">
      <SimpleGrid columns={1} gap="4">
        <SelectField
          label="Equipment"
          placeholder="None"
          options={equipmentOptions(ref)}
          {...form.text('equipmentId')}
          disabled={!!form.values.employeeId}
        />
        <SelectField
          label="Employee"
          placeholder="None"
          options={employeeOptions(ref)}
          {...form.text('employeeId')}
          disabled={!!form.values.equipmentId}
          helper="An employee has one tag: this one replaces theirs"
        />
      </SimpleGrid>
    </FormShell>
  );
}
