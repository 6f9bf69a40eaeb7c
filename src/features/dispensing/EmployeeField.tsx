import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PlainButton } from '@/app/plain/PlainButton';
import css from '@/app/plain/field.module.css';
import type { ReferenceData } from '@/contract/setup/reference';
import { VERIFY_PIN_PATH } from '@/contract/setup/field-paths';
import { ApiError, rawRequest } from '@/lib/api';
import { session } from '@/lib/session';
import { PinField } from './FieldControls';
import { LocalPick } from './LocalPick';
import { employeeItems } from './pickItems';

/** How the employee was identified; `signin`: the signed-in user's own employee, preselected (ADR 076). */
export type EmployeeBy = 'list' | 'tag' | 'pin' | 'signin';

interface Props {
  reference: ReferenceData;
  storeId: string;
  fams24: boolean;
  value: string;
  by: EmployeeBy | null;
  onChange: (employeeId: string, by: EmployeeBy | null) => void;
  error?: string;
  /** The equipment asks for the employee's PIN (FAMS24). */
  pinWanted?: boolean;
}

type PinState = 'idle' | 'checking' | 'ok' | 'wrong' | 'offline' | 'locked' | 'failed';

const PIN_TEXT: Record<Exclude<PinState, 'idle' | 'checking'>, string> = {
  ok: 'PIN confirmed by the server.',
  wrong: 'Wrong PIN.',
  offline:
    'The PIN cannot be checked offline: only the server checks PINs. Identify the employee by tag instead (scan or type it above).',
  locked: 'Too many wrong PINs for this employee: try again later, or identify by tag.',
  failed: 'The PIN could not be checked now. Identify the employee by tag instead.',
};

/**
 * Who dispensed. FAMS: optional, from the list (name, number or tag). FAMS24: by tag (a scanner
 * types it into the same box) or by PIN, which only the server can check (ADR 006): online it is
 * checked at once; offline the screen says so and the tag is the way.
 */
export function EmployeeField({ reference, storeId, fams24, value, by, onChange, error, pinWanted }: Props) {
  const items = useMemo(() => employeeItems(reference, storeId, fams24), [reference, storeId, fams24]);
  const employee = reference.employees.find((e) => e.id === value);
  const { offline } = useSnapshot(session);
  const [pin, setPin] = useState('');
  const [pinState, setPinState] = useState<PinState>('idle');

  const picked = (id: string, how: 'exact' | 'list' | 'clear', text?: string) => {
    setPin('');
    setPinState('idle');
    if (!id) return onChange('', null);
    const e = reference.employees.find((x) => x.id === id);
    onChange(id, how === 'exact' && e?.tag && e.tag.toLowerCase() === text ? 'tag' : 'list');
  };

  const checkPin = async () => {
    if (!employee || !/^\d{4,8}$/.test(pin)) return setPinState('wrong');
    if (offline) return setPinState('offline');
    setPinState('checking');
    try {
      const res = await rawRequest('POST', VERIFY_PIN_PATH, { json: { employeeId: employee.id, pin } });
      const ok = res.status === 200 && (res.body as { ok?: boolean } | undefined)?.ok === true;
      setPinState(ok ? 'ok' : res.status === 200 ? 'wrong' : res.status === 429 ? 'locked' : 'failed');
      if (ok) onChange(employee.id, 'pin');
    } catch (e) {
      setPinState(e instanceof ApiError && e.status === 0 ? 'offline' : 'failed');
    }
  };

  const helper =
    by === 'signin' && !fams24
      ? 'You, as signed in. Recording for someone else? Choose them.'
      : fams24
        ? 'Scan or type the tag, or search by name or number'
        : 'Optional: search by name, number or tag';
  return (
    <div className={css.stackSm}>
      <LocalPick
        label="Employee"
        items={items}
        value={value}
        onChange={picked}
        error={error}
        helper={helper}
        placeholder={fams24 ? 'Tag, name or number…' : 'Name, number or tag…'}
      />
      {fams24 && employee && (
        <div className={`${css.identified} ${by === 'pin' || by === 'tag' || by === 'signin' ? css.identifiedOk : ''}`}>
          <p className={css.small}>
            {by === 'tag'
              ? 'Identified by tag.'
              : by === 'pin'
                ? 'Identified by PIN.'
                : by === 'signin'
                  ? 'You, as signed in.'
                  : employee.hasPin
                    ? 'Not identified yet: scan the tag or enter the PIN.'
                    : 'Not identified yet: scan the tag.'}
            {pinWanted && by !== 'pin' && by !== 'signin' && ' This equipment asks for the PIN.'}
          </p>
          {employee.hasPin && by !== 'pin' && by !== 'signin' && (
            <div className={css.pinRow}>
              <PinField
                label="PIN"
                value={pin}
                onChange={(v) => {
                  setPin(v.replace(/\D/g, '').slice(0, 8));
                  setPinState('idle');
                }}
                onEnter={() => {
                  if (pin.length >= 4) void checkPin();
                }}
              />
              <PlainButton
                size="xl"
                variant="outline"
                onClick={() => void checkPin()}
                loading={pinState === 'checking'}
                disabled={pin.length < 4}
              >
                Check PIN
              </PlainButton>
            </div>
          )}
          {pinState !== 'idle' && pinState !== 'checking' && (
            <p role="status" className={`${css.small} ${pinState === 'ok' ? css.okText : css.badText}`}>
              {PIN_TEXT[pinState]}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
