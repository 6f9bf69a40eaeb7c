import { Text } from '@chakra-ui/react';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import { RESOLUTION_LABELS, RESOLUTION_REASONS, ResolveInput, type ResolutionReason } from '@/contract/exceptions';

const REASONS = RESOLUTION_REASONS.map((r) => ({ value: r, label: RESOLUTION_LABELS[r] }));

interface Props {
  title: string;
  /** What is being resolved, in a sentence above the fields. */
  intro: string;
  submitLabel: string;
  save: (reason: ResolutionReason, text: string) => Promise<string>;
  close: (saved?: boolean) => void;
}

/** Resolve one exception, or every one the list's filters match: a reason, and words when it is "Other". */
export function ResolveForm({ title, intro, submitLabel, save, close }: Props) {
  const form = useResourceForm<{ reason: string; text: string }, string>({
    initial: { reason: '', text: '' },
    toBody: (d) => d,
    schema: ResolveInput,
    save: (body) => {
      const b = body as { reason: ResolutionReason; text: string };
      return save(b.reason, b.text);
    },
    onSaved: () => {
      void refreshAll();
      close(true);
    },
    savedMessage: (m) => m,
  });
  return (
    <FormShell form={form} title={title} onClose={() => close()} submitLabel={submitLabel}>
      <Text>{intro}</Text>
      <SelectField label="Reason" required placeholder="Choose a reason" options={REASONS} {...form.text('reason')} />
      <TextareaField label="Explanation" rows={3} helper="Required when the reason is Other." {...form.text('text')} />
    </FormShell>
  );
}
