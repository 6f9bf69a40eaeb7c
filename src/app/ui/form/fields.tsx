import {
  Checkbox,
  Field,
  Fieldset,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TagsInput,
  Textarea,
  type TextareaProps,
} from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { FilterOption } from '../list/ListToolbar';

/**
 * Form controls beside `TextField` (src/app/ui/Fields.tsx), with the same shape: a visible label
 * tied to the control (tests use getByLabel), the error under it, `value`/`onChange`/`onBlur`
 * as `useResourceForm().text(path)` hands them out.
 */
interface Bound {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  error?: string;
  helper?: ReactNode;
}

function Shell({
  label,
  error,
  helper,
  required,
  children,
}: {
  label: string;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** An option of a select; options with a `group` are shown under that heading (`<optgroup>`), in order. */
export type SelectOption = FilterOption & { group?: string };

export interface SelectFieldProps extends Bound {
  options: readonly SelectOption[];
  /** First, empty option ("Choose…", "None", "Any store"). */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
}

const optionOf = (o: SelectOption) => (
  <option key={o.value} value={o.value}>
    {o.label}
  </option>
);

/** Consecutive options of the same group together ('' = no group). */
function groupsOf(options: readonly SelectOption[]): [string, SelectOption[]][] {
  const out: [string, SelectOption[]][] = [];
  for (const o of options) {
    const g = o.group ?? '';
    if (out.length && out[out.length - 1][0] === g) out[out.length - 1][1].push(o);
    else out.push([g, [o]]);
  }
  return out;
}

export function SelectField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helper,
  options,
  placeholder,
  required,
  disabled,
}: SelectFieldProps) {
  return (
    <Shell label={label} error={error} helper={helper} required={required}>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {groupsOf(options).map(([group, opts]) =>
            group ? (
              <optgroup key={group} label={group}>
                {opts.map(optionOf)}
              </optgroup>
            ) : (
              opts.map(optionOf)
            ),
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Shell>
  );
}

export function TextareaField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helper,
  ...rest
}: Bound & Omit<TextareaProps, 'value' | 'onChange' | 'onBlur'>) {
  return (
    <Shell label={label} error={error} helper={helper}>
      <Textarea value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} {...rest} />
    </Shell>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
  helper,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  helper?: string;
}) {
  return (
    <Field.Root>
      <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

interface ChoicesProps {
  legend: string;
  /** With `description`, a line under the option's name (not part of its accessible name). */
  options: readonly (FilterOption & { description?: string })[];
  value: readonly string[];
  onChange: (v: string[]) => void;
  error?: string;
  helper?: string;
  columns?: number | Record<string, number>;
}

/** Several checkboxes under one legend (weekdays, authorised stores). */
export function CheckboxGroupField({
  legend,
  options,
  value,
  onChange,
  error,
  helper,
  columns = { base: 2, sm: 3 },
}: ChoicesProps) {
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  const ids = useId();
  return (
    <Fieldset.Root invalid={!!error}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {helper && <Fieldset.HelperText>{helper}</Fieldset.HelperText>}
      <SimpleGrid columns={columns} gap="2">
        {options.map((o) => (
          <Checkbox.Root
            key={o.value}
            size="sm"
            alignItems={o.description ? 'start' : undefined}
            checked={value.includes(o.value)}
            onCheckedChange={(e) => toggle(o.value, e.checked === true)}
          >
            <Checkbox.HiddenInput aria-describedby={o.description ? `${ids}-${o.value}` : undefined} />
            <Checkbox.Control mt={o.description ? '0.5' : undefined} />
            {o.description ? (
              <Stack gap="0">
                <Checkbox.Label>{o.label}</Checkbox.Label>
                <Text id={`${ids}-${o.value}`} fontSize="xs" color="fg.muted">
                  {o.description}
                </Text>
              </Stack>
            ) : (
              <Checkbox.Label>{o.label}</Checkbox.Label>
            )}
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

interface TagsProps {
  label: string;
  value: readonly string[];
  onChange: (v: string[]) => void;
  onBlur?: () => void;
  error?: string;
  helper?: string;
  max?: number;
}

/** Several short values (RFID tags): Enter or comma adds one, the × removes it. */
export function TagsField({ label, value, onChange, onBlur, error, helper, max }: TagsProps) {
  return (
    <Field.Root invalid={!!error}>
      <TagsInput.Root
        value={[...value]}
        onValueChange={(e) => onChange(e.value)}
        max={max}
        delimiter=","
        addOnPaste
        blurBehavior="add"
        onBlur={onBlur}
        invalid={!!error}
      >
        <TagsInput.Label>{label}</TagsInput.Label>
        <TagsInput.Control>
          <TagsInput.Items />
          <TagsInput.Input placeholder="Add a tag…" />
        </TagsInput.Control>
      </TagsInput.Root>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The spreadsheet uploads' accept list (the server still judges the content, not the name). */
export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file chooser with a visible label; `onChange` gets the chosen file (or null when cleared). */
export function FileField({
  label,
  accept,
  onChange,
}: {
  label: string;
  accept: string;
  onChange: (file: File | null) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="file" p="1.5" accept={accept} onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
    </Field.Root>
  );
}
