import { Text } from '@chakra-ui/react';
import { FormShell } from '@/app/ui/form/FormShell';
import { TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import { ReverseInput } from '@/contract/record-corrections';
import { recordsApi } from './client';
import { litresFixed as litres } from '@/lib/format';

/** "Reverse" on `/FiltersDispensing`: cancels a dispense that should not have been recorded, with a reason. */
export function ReverseForm({ id, close }: { id: string; close: (saved?: boolean) => void }) {
  const form = useResourceForm<{ reason: string }, Awaited<ReturnType<typeof recordsApi.reverse>>>({
    initial: { reason: '' },
    toBody: (d) => d,
    schema: ReverseInput,
    save: (body) => recordsApi.reverse(id, (body as { reason: string }).reason),
    onSaved: () => {
      void refreshAll();
      close(true);
    },
    savedMessage: (r) => `Dispense reversed: ${litres(-r.reversal.litres)} given back to the tank.`,
  });
  return (
    <FormShell form={form} title="Reverse dispense" onClose={() => close()} submitLabel="Reverse">
      <Text>
        The dispense stays in the list, marked reversed, and a reversal with the negative litres is stored beside it. No
        corrected record is stored.
      </Text>
      <TextareaField label="Reason for the reversal" rows={3} {...form.text('reason')} />
    </FormShell>
  );
}
