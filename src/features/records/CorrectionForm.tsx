import { Alert } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TextField } from '@/app/ui/Fields';
import { FormLoadState, FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import { type DispenseRecordRow } from '@/contract/records';
import { CorrectionInput } from '@/contract/record-corrections';
import { recordsApi } from './client';
import {
  costCentreOptions,
  employeeOptions,
  equipmentOptions,
  storeOptions,
  tankOptions,
} from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { fromLocalInput, toLocalInput } from './format';
import { litresFixed as litres } from '@/lib/format';

interface Draft {
  storeId: string;
  tankId: string;
  equipmentId: string;
  employeeId: string;
  costCentreId: string;
  litres: string;
  meter: string;
  dispensedAt: string;
  note: string;
  reason: string;
}

const draftOf = (d: DispenseRecordRow): Draft => ({
  storeId: d.storeId,
  tankId: d.tankId,
  equipmentId: d.equipmentId,
  employeeId: d.employeeId ?? '',
  costCentreId: d.costCentreId ?? '',
  litres: String(d.litres),
  meter: d.meter === null ? '' : String(d.meter),
  dispensedAt: toLocalInput(d.dispensedAt),
  note: d.note,
  reason: '',
});

const number = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

/**
 * "Correct" on `/FiltersDispensing` (THE form pattern): the dispense's values to change, and why.
 * Saving reverses the original and stores the corrected dispense as a new record, in one go on
 * the server; the original stays in the list, marked reversed.
 */
function Form({ row, close }: { row: DispenseRecordRow; close: (saved?: boolean) => void }) {
  const { data: ref } = useReference();
  const initial = useMemo(() => draftOf(row), [row]);
  const form = useResourceForm<Draft, Awaited<ReturnType<typeof recordsApi.correct>>>({
    initial,
    // An untouched time keeps the original instant exactly (the input shows whole seconds only).
    toBody: (d) => ({
      storeId: d.storeId,
      tankId: d.tankId,
      equipmentId: d.equipmentId,
      employeeId: d.employeeId || null,
      costCentreId: d.costCentreId || null,
      litres: number(d.litres),
      meter: number(d.meter),
      note: d.note,
      reason: d.reason,
      dispensedAt: d.dispensedAt === initial.dispensedAt ? row.dispensedAt : fromLocalInput(d.dispensedAt),
    }),
    schema: CorrectionInput,
    save: (body) => recordsApi.correct(row.id, body as CorrectionInput),
    onSaved: () => {
      void refreshAll();
      close(true);
    },
    savedMessage: (r) =>
      `Dispense corrected: reversed ${litres(-r.reversal.litres)} and stored ${litres(r.replacement?.litres)}${r.exceptions.length ? ` (raised ${r.exceptions.join(', ')})` : ''}.`,
  });
  const storeId = String(form.get('storeId') ?? '');
  const tanks = tankOptions(ref, storeId);
  return (
    <FormShell
      form={form}
      title={`Correct dispense ${row.fleetNo ?? ''}`}
      onClose={() => close()}
      submitLabel="Save correction"
    >
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>
          The original ({litres(row.litres)}) is not changed: it is reversed, and the corrected dispense is stored as a
          new record. Both are audited with your reason.
        </Alert.Description>
      </Alert.Root>
      <SelectField
        label="Store"
        options={storeOptions(ref)}
        {...form.text('storeId')}
        onChange={(v) => {
          form.set('storeId', v);
          if (!tankOptions(ref, v).some((t) => t.value === form.get('tankId'))) form.set('tankId', '');
        }}
      />
      <SelectField label="Tank" options={tanks} placeholder="Choose a tank" {...form.text('tankId')} />
      <SelectField label="Equipment" options={equipmentOptions(ref)} {...form.text('equipmentId')} />
      <SelectField label="Employee" options={employeeOptions(ref)} placeholder="None" {...form.text('employeeId')} />
      <SelectField
        label="Cost centre"
        options={costCentreOptions(ref)}
        placeholder="The equipment's"
        {...form.text('costCentreId')}
      />
      <TextField label="Litres" inputMode="decimal" {...form.text('litres')} />
      <TextField
        label={`Meter${row.meterType ? ` (${row.meterType})` : ''}`}
        inputMode="decimal"
        {...form.text('meter')}
      />
      <TextField label="Date and time" type="datetime-local" step="1" {...form.text('dispensedAt')} />
      <TextareaField label="Note" rows={2} {...form.text('note')} />
      <TextareaField
        label="Reason for the correction"
        rows={2}
        helper="Kept in the audit log with both records."
        {...form.text('reason')}
      />
    </FormShell>
  );
}

/** Loads the dispense fresh, then shows the form (or why it cannot be corrected). */
export function CorrectionForm({ id, close }: { id: string; close: (saved?: boolean) => void }) {
  const { data, error, refetch } = useQuery({
    queryKey: ['dispenses', 'detail', id],
    queryFn: ({ signal }) => recordsApi.detail('dispenses', id, signal),
    staleTime: 0,
  });
  if (!data) return <FormLoadState title="Correct dispense" error={error?.message} onRetry={() => void refetch()} />;
  if (data.record.status !== 'active') {
    return (
      <FormLoadState
        title="Correct dispense"
        error={
          data.record.status === 'reversal'
            ? 'This record is a reversal; correct the dispense it reverses instead.'
            : 'This dispense has already been reversed; correct the dispense that replaced it instead.'
        }
      />
    );
  }
  return <Form key={id} row={data.record} close={close} />;
}
