import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { PrinterSettings, type PrinterSettings as Printer } from '@/contract/handhelds';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { numberOrNull } from '@/lib/paths';
import { savePrinter } from './handhelds.client';

type Draft = { paperWidthMm: string; headerLines: string; footerLines: string; copies: string };
const lines = (text: string) => (text.trim() ? text.replace(/\r/g, '').split('\n') : []);

export interface PrinterFormProps {
  current: Printer;
  close: (saved?: boolean) => void;
  /** Default: the account's settings. One handheld's own settings pass their own save and title. */
  save?: (body: unknown) => Promise<unknown>;
  title?: string;
  /** Shown above the fields (one handheld's: what it prints with now, and going back to the account's). */
  note?: ReactNode;
}

/** A receipt printer layout: paper width, header and footer lines, copies per dispense. */
export function PrinterForm({ current, close, save = savePrinter, title = 'Receipt printer', note }: PrinterFormProps) {
  const form = useResourceForm<Draft, unknown>({
    initial: {
      paperWidthMm: String(current.paperWidthMm),
      headerLines: current.headerLines.join('\n'),
      footerLines: current.footerLines.join('\n'),
      copies: String(current.copies),
    },
    toBody: (d) => ({
      paperWidthMm: numberOrNull(d.paperWidthMm),
      headerLines: lines(d.headerLines),
      footerLines: lines(d.footerLines),
      copies: numberOrNull(d.copies),
    }),
    schema: PrinterSettings,
    save,
    onSaved: () => close(true),
    savedMessage: () => 'Printer settings saved. Handhelds take them at their next sync.',
  });
  // A line's error (`headerLines.2`) shows under the text box that holds all the lines.
  const under = (p: 'headerLines' | 'footerLines') => Object.values(form.errorsUnder(p))[0] ?? form.error(p);
  return (
    <FormShell form={form} title={title} onClose={() => close()}>
      <Stack gap="4">
        {note}
        <SelectField
          label="Paper width"
          options={[
            { value: '58', label: '58 mm (Sunmi V2, V2s)' },
            { value: '80', label: '80 mm' },
          ]}
          {...form.text('paperWidthMm')}
        />
        <TextareaField
          label="Header lines"
          helper="Up to 4 lines of 48 characters, printed above each receipt"
          rows={4}
          {...form.text('headerLines')}
          error={under('headerLines')}
        />
        <TextareaField
          label="Footer lines"
          helper="Up to 4 lines of 48 characters, printed below"
          rows={4}
          {...form.text('footerLines')}
          error={under('footerLines')}
        />
        <TextField label="Copies per dispense" inputMode="numeric" helper="0 prints none" {...form.text('copies')} />
      </Stack>
    </FormShell>
  );
}
