import {
  Field,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  Text,
  VisuallyHidden,
  type InputProps,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuEye, LuEyeOff } from '@/app/ui/field-icons';
import type { FilterOption } from '@/app/ui/list/ListToolbar';

/**
 * The controls of the field screens, sized for gloved hands on a phone (issue 9): every control
 * 48 px tall with 16 px text (iOS Safari zooms into a focused input with smaller text), the label
 * above it, a required field marked with an asterisk (and `required`/`aria-required` for
 * assistive tech), the error under it. Tests find each control by its label.
 */
export const FIELD_SIZE = 'xl' as const;

interface Common {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
}

export function FieldShell({
  label,
  error,
  helper,
  required,
  children,
}: Omit<Common, 'value' | 'onChange'> & { children: ReactNode }) {
  return (
    <Field.Root invalid={!!error} required={required}>
      {/* Block, not flex: a label that wraps keeps its asterisk at the end of the text. */}
      <Field.Label fontSize="md" display="block">
        {label}
        <Field.RequiredIndicator ms="1" />
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText fontSize="sm">{helper}</Field.HelperText>}
      <Field.ErrorText fontSize="sm">{error}</Field.ErrorText>
    </Field.Root>
  );
}

type InputRest = Omit<InputProps, 'value' | 'onChange' | 'size' | 'required'>;

/** A text (or date/time) input of a field screen. */
export function TextField({ label, value, onChange, error, helper, required, ...input }: Common & InputRest) {
  return (
    <FieldShell label={label} error={error} helper={helper} required={required}>
      <Input
        size={FIELD_SIZE}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        enterKeyHint="next"
        {...input}
      />
    </FieldShell>
  );
}

/** A number input that opens the phone's numeric keyboard. */
export function NumberField(props: Common & Omit<InputRest, 'inputMode' | 'type'>) {
  return <TextField inputMode="decimal" autoComplete="off" {...props} />;
}

/** A native select (the phone's own picker). */
export function ChoiceField({
  label,
  value,
  onChange,
  error,
  helper,
  required,
  options,
  placeholder,
}: Common & { options: readonly FilterOption[]; placeholder?: string }) {
  return (
    <FieldShell label={label} error={error} helper={helper} required={required}>
      <NativeSelect.Root size={FIELD_SIZE}>
        <NativeSelect.Field
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-required={required || undefined}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}

/** A PIN box with a show/hide button as big as the box; Enter runs `onEnter` (check the PIN) instead of moving on. */
export function PinField({ label, value, onChange, error, onEnter }: Common & { onEnter: () => void }) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <IconButton variant="ghost" size="xl" me="-4" onClick={() => setVisible((v) => !v)}>
      {visible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
      <VisuallyHidden>{visible ? 'Hide PIN' : 'Show PIN'}</VisuallyHidden>
    </IconButton>
  );
  return (
    <FieldShell label={label} error={error}>
      <InputGroup endElement={toggle}>
        <Input
          size={FIELD_SIZE}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          enterKeyHint="done"
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            e.stopPropagation();
            onEnter();
          }}
        />
      </InputGroup>
    </FieldShell>
  );
}

/** "* required" under a form's title: what the asterisks mean. */
export function RequiredNote() {
  return (
    <Text fontSize="sm" color="fg.muted">
      Fields marked{' '}
      <Text as="span" color="fg.error" fontWeight="semibold" aria-hidden>
        *
      </Text>
      <VisuallyHidden>with an asterisk</VisuallyHidden> are required.
    </Text>
  );
}
