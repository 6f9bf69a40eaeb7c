import { Field, IconButton, Input, InputGroup, VisuallyHidden, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEye, LuEyeOff } from '@/app/ui/field-icons';

interface BaseProps extends Omit<InputProps, 'value' | 'onChange' | 'onBlur'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helper?: string;
}

/** A labelled input with its error under it (tests find it with getByLabel). */
export function TextField({ label, value, onChange, onBlur, error, helper, ...input }: BaseProps) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} {...input} />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Password input with a show/hide button. The button is named by its (visually hidden) text,
 * not aria-label, so getByLabel('Password') finds only the input.
 */
export function PasswordField({ label, value, onChange, onBlur, error, helper, ...input }: BaseProps) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <IconButton variant="ghost" size="sm" me="-2" onClick={() => setVisible((v) => !v)}>
      {visible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
      <VisuallyHidden>{visible ? 'Hide password' : 'Show password'}</VisuallyHidden>
    </IconButton>
  );
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement={toggle}>
        <Input
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          {...input}
        />
      </InputGroup>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
