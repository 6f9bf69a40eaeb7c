import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { LuEye, LuEyeOff } from '@/app/ui/field-icons';
import css from './plain.module.css';

interface BaseProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helper?: string;
}

/**
 * `app/ui/Fields`' TextField drawn with static CSS (ADR 047): a labelled input with its error under
 * it (tests find it with getByLabel; the error is its description).
 */
export function PlainTextField(props: BaseProps) {
  return <PlainInput {...props} />;
}

/** The password input with a show/hide button named by its (visually hidden) text, as `PasswordField`. */
export function PlainPasswordField(props: BaseProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PlainInput
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className={`${css.button} ${css.ghost} ${css.iconButton}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
          <span className={css.visuallyHidden}>{visible ? 'Hide password' : 'Show password'}</span>
        </button>
      }
    />
  );
}

function PlainInput({ label, value, onChange, onBlur, error, helper, end, ...input }: BaseProps & { end?: ReactNode }) {
  const id = useId();
  const described = error ? `${id}-error` : helper ? `${id}-helper` : undefined;
  const box = (
    <input
      id={id}
      className={css.input}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      {...input}
    />
  );
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {end ? (
        <div className={css.withEnd}>
          {box}
          <div className={css.endElement}>{end}</div>
        </div>
      ) : (
        box
      )}
      {helper && !error && (
        <div id={`${id}-helper`} className={css.helper}>
          {helper}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className={css.error}>
          {error}
        </div>
      )}
    </div>
  );
}
