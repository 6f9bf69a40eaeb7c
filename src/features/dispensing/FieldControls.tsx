import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PlainButton } from '@/app/plain/PlainButton';
import { VisuallyHidden } from '@/app/plain/PlainBits';
import css from '@/app/plain/field.module.css';
import { LuChevronDown, LuEye, LuEyeOff } from '@/app/ui/field-icons';
import type { FilterOption } from '@/app/ui/list/ListToolbar';
import { FIELD_NOTE_MAX } from '@/contract/constants';

/**
 * The controls of the field screens, sized for gloved hands on a phone (issue 9): every control
 * 48 px tall with 16 px text (iOS Safari zooms into a focused input with smaller text), the label
 * above it, a required field marked with an asterisk (and `required`/`aria-required` for
 * assistive tech), the error under it. Tests find each control by its label. Static CSS
 * (`app/plain/field.module.css`, ADR 062): the field screens render without Chakra.
 */

interface Common {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
}

/** What a field's control takes from its field: its id, its description, its state. */
export interface ControlProps {
  id: string;
  required: boolean | undefined;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A field: the label (its asterisk at the end of the text, hidden from assistive tech), the
 * control (`children`, given its id and description), then the helper or the error. `before`
 * shows above the helper (LocalPick's "Picked: …").
 */
export function FieldShell({
  label,
  error,
  helper,
  required,
  before,
  children,
}: Omit<Common, 'value' | 'onChange'> & { before?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const helperShown = !!helper && !error;
  const describedBy =
    [error && `${id}-error`, before && !error && `${id}-before`, helperShown && `${id}-helper`]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div role="group" className={css.field}>
      {/* Block, not flex: a label that wraps keeps its asterisk at the end of the text. */}
      <label className={css.label} htmlFor={id}>
        {label}
        {required && (
          <span className={css.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({
        id,
        required: required || undefined,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {before && !error && (
        <span id={`${id}-before`} className={`${css.helper} ${css.helperStrong}`}>
          {before}
        </span>
      )}
      {helperShown && (
        <span id={`${id}-helper`} className={css.helper}>
          {helper}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={css.error}>
          {error}
        </span>
      )}
    </div>
  );
}

type InputRest = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size' | 'required'>;

/** The note every field record may carry: the last field of its form, so Enter finishes (`done`). */
export function NoteField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (note: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label="Note"
      value={value}
      onChange={onChange}
      error={error}
      maxLength={FIELD_NOTE_MAX}
      enterKeyHint="done"
    />
  );
}

/** A text (or date/time) input of a field screen. */
export function TextField({ label, value, onChange, error, helper, required, ...input }: Common & InputRest) {
  return (
    <FieldShell label={label} error={error} helper={helper} required={required}>
      {(control) => (
        <input
          className={css.control}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          enterKeyHint="next"
          {...control}
          {...input}
        />
      )}
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
      {(control) => (
        <div className={css.selectWrap}>
          <select
            className={`${css.control} ${css.select}`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            {...control}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <div className={css.selectIndicator}>
            <LuChevronDown aria-hidden />
          </div>
        </div>
      )}
    </FieldShell>
  );
}

/** A PIN box with a show/hide button as big as the box; Enter runs `onEnter` (check the PIN) instead of moving on. */
export function PinField({ label, value, onChange, error, onEnter }: Common & { onEnter: () => void }) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <div className={css.withEnd}>
          <input
            className={css.control}
            style={{ paddingInlineEnd: '3rem' }}
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
            {...control}
          />
          <div className={`${css.endButtons} ${css.pinEnd}`}>
            <PlainButton variant="ghost" size="xlIcon" onClick={() => setVisible((v) => !v)}>
              {visible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
              <VisuallyHidden>{visible ? 'Hide PIN' : 'Show PIN'}</VisuallyHidden>
            </PlainButton>
          </div>
        </div>
      )}
    </FieldShell>
  );
}

/** "* required" under a form's title: what the asterisks mean. */
export function RequiredNote() {
  return (
    <p className={css.note}>
      Fields marked{' '}
      <span className={css.mark} aria-hidden>
        *
      </span>
      <VisuallyHidden>with an asterisk</VisuallyHidden> are required.
    </p>
  );
}
