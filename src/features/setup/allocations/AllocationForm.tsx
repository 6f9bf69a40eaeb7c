import { DataList, SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import {
  AllocationCreate,
  AllocationUpdate,
  WEEKDAY_NAMES,
  type Allocation,
  type AllocationSubject,
} from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { clients } from '../clients';
import { productOptions, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { SUBJECT_FIELD, SUBJECT_LABELS, SubjectPicker } from './SubjectPicker';

export const allocationLabel = (a: Allocation) => `${a.subjectLabel ?? '?'} / ${a.productName ?? '?'}`;
/** Monday first on screen; values are `Date.getDay()` numbers. */
export const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: String(d), label: WEEKDAY_NAMES[d] }));

const draft = (a: Allocation | null) => ({
  subjectType: (a?.subjectType ?? 'equipment') as AllocationSubject,
  subjectId: (a && (a.equipmentId ?? a.employeeId ?? a.costCentreId)) ?? '',
  subjectLabel: a?.subjectLabel ?? '',
  productId: a?.productId ?? '',
  storeId: a?.storeId ?? '',
  dailyLimit: textOf(a?.dailyLimit),
  monthlyLimit: textOf(a?.monthlyLimit),
  weekdays: (a?.weekdays ?? []).map(String),
  hoursFrom: a?.hoursFrom ?? '',
  hoursTo: a?.hoursTo ?? '',
  maxPerTransaction: textOf(a?.maxPerTransaction),
  active: a?.active ?? true,
  note: a?.note ?? '',
});
type Draft = ReturnType<typeof draft>;

const toBody = ({ subjectType, subjectId, subjectLabel: _label, ...d }: Draft) => ({
  ...d,
  storeId: d.storeId || null,
  equipmentId: null,
  employeeId: null,
  costCentreId: null,
  [SUBJECT_FIELD[subjectType]]: subjectId || null,
  dailyLimit: numberOrNull(d.dailyLimit),
  monthlyLimit: numberOrNull(d.monthlyLimit),
  maxPerTransaction: numberOrNull(d.maxPerTransaction),
  weekdays: d.weekdays.length ? d.weekdays.map(Number).sort() : null,
  hoursFrom: d.hoursFrom || null,
  hoursTo: d.hoursTo || null,
});

/**
 * One allocation form, two views of it: `/Allocation` edits who, what, where and the litre
 * limits; `/customAlloc` edits the extra conditions (weekdays, hours, max per transaction).
 * Both save the whole record.
 */
export function AllocationForm({
  row,
  close,
  conditions = false,
}: RecordFormProps<Allocation> & { conditions?: boolean }) {
  const { data: ref } = useReference();
  const form = useRecordForm({
    row,
    close,
    client: clients.allocations,
    noun: 'allocation',
    label: allocationLabel,
    draft,
    toBody,
    create: AllocationCreate,
    update: AllocationUpdate,
  });
  const title =
    conditions && row ? `Conditions of ${allocationLabel(row)}` : recordTitle('allocation', row, allocationLabel);
  return (
    <FormShell form={form} title={title} onClose={() => close()}>
      {conditions ? (
        row && (
          <DataList.Root orientation="horizontal" size="sm">
            {[
              [SUBJECT_LABELS[row.subjectType], row.subjectLabel],
              ['Product', row.productName],
              ['Store', row.storeName ?? 'Any store'],
            ].map(([k, v]) => (
              <DataList.Item key={k}>
                <DataList.ItemLabel>{k}</DataList.ItemLabel>
                <DataList.ItemValue>{v ?? '—'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        )
      ) : (
        <>
          <SubjectPicker form={form} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField
              label="Product"
              placeholder="Choose a product…"
              options={productOptions(ref)}
              {...form.text('productId')}
            />
            <SelectField label="Store" placeholder="Any store" options={storeOptions(ref)} {...form.text('storeId')} />
            <TextField
              label="Daily limit (L)"
              inputMode="decimal"
              helper="Empty = no limit"
              {...form.text('dailyLimit')}
            />
            <TextField
              label="Monthly limit (L)"
              inputMode="decimal"
              helper="Empty = no limit"
              {...form.text('monthlyLimit')}
            />
          </SimpleGrid>
          <SwitchField label="Active" {...form.flag('active')} />
          <TextareaField label="Note" rows={2} {...form.text('note')} />
        </>
      )}
      {(conditions || !row) && (
        <>
          <CheckboxGroupField
            legend="Allowed weekdays"
            helper="None ticked: every day (store time)."
            options={WEEKDAY_OPTIONS}
            value={form.values.weekdays}
            onChange={(v) => {
              form.set('weekdays', v);
              form.touch('weekdays');
            }}
            error={Object.values(form.errorsUnder('weekdays'))[0]}
          />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <TextField
              label="Allowed from"
              placeholder="HH:MM"
              inputMode="numeric"
              helper="Empty = all day"
              {...form.text('hoursFrom')}
            />
            <TextField
              label="Allowed to"
              placeholder="HH:MM"
              inputMode="numeric"
              helper="Before “from” = past midnight"
              {...form.text('hoursTo')}
            />
            <TextField
              label="Max per transaction (L)"
              inputMode="decimal"
              helper="Empty = no limit"
              {...form.text('maxPerTransaction')}
            />
          </SimpleGrid>
        </>
      )}
    </FormShell>
  );
}
