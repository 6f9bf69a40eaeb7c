import { memo, useId, useMemo, useState } from 'react';
import css from '@/app/plain/field.module.css';
import type { ReferenceData } from '@/contract/setup/reference';
import { tankName, tankOptions } from '@/lib/reference/labels';
import { useBusyWhile, type OutboxRecord } from '@/lib/offline';
import { CaptureColumns, FormCard } from './CaptureFrame';
import { EmployeeField } from './EmployeeField';
import { isoFromLocal, localFromIso, localInputValue, numberText, requiredNumber, whenEmpty } from './format';
import { litresExact as litresText } from '@/lib/format';
import { ChoiceField, NumberField, TextField, NoteField } from './FieldControls';
import { RecentRecords } from './RecentRecords';
import { useCapture } from './useCapture';

type To = 'tank' | 'bowser';
interface Values {
  fromTankId: string;
  to: To;
  toTankId: string;
  toBowser: string;
  litres: string;
  time: string;
  employeeId: string;
  note: string;
}

const blank = (fromTankId = ''): Values => ({
  fromTankId,
  to: 'tank',
  toTankId: '',
  toBowser: '',
  litres: '',
  time: localInputValue(),
  employeeId: '',
  note: '',
});

const fromRecord = (p: OutboxRecord<'transfers'>['payload']): Values => ({
  fromTankId: p.fromTankId,
  to: p.toBowser ? 'bowser' : 'tank',
  toTankId: p.toTankId ?? '',
  toBowser: p.toBowser ?? '',
  litres: numberText(p.litres),
  time: localFromIso(p.transferredAt),
  employeeId: p.employeeId ?? '',
  note: p.note,
});

/** `/DispensingTransfers`: tank → tank or tank → bowser, recorded offline like a dispense. */
function TransferFormView({ reference: ref }: { reference: ReferenceData }) {
  const capture = useCapture('transfers');
  const [v, setV] = useState<Values>(blank);
  const radioName = useId();
  const set = (patch: Partial<Values>) => setV((s) => ({ ...s, ...patch }));
  const tanks = useMemo(() => tankOptions(ref), [ref]);
  const bowsers = useMemo(() => ref.equipment.filter((e) => e.active).map((e) => e.fleetNo), [ref]);
  const fromStore = ref.tanks.find((t) => t.id === v.fromTankId)?.storeId ?? '';
  useBusyWhile(
    'form:/DispensingTransfers',
    !!(v.toTankId || v.toBowser || v.litres || v.note || v.employeeId) || !!capture.editing,
  );

  const submit = async () => {
    await capture.save(
      {
        fromTankId: v.fromTankId,
        toTankId: v.to === 'tank' ? v.toTankId || null : null,
        toBowser: v.to === 'bowser' ? v.toBowser : null,
        litres: requiredNumber(v.litres) as number,
        transferredAt: isoFromLocal(v.time) as string,
        employeeId: v.employeeId || null,
        note: v.note,
      },
      (r) => `${litresText(r.payload.litres)} from ${tankName(ref, r.payload.fromTankId)}`,
      () => setV(blank(v.fromTankId)),
    );
  };

  const startFix = (rec: OutboxRecord<'transfers'>) => capture.startFix(rec, (payload) => setV(fromRecord(payload)));

  const form = (
    <FormCard title="Transfer" capture={capture} submitLabel="Save transfer" onSubmit={() => void submit()}>
      <ChoiceField
        label="From tank"
        required
        value={v.fromTankId}
        options={tanks}
        placeholder="Choose the tank the fuel comes from"
        error={capture.error('fromTankId')}
        onChange={(fromTankId) => set({ fromTankId })}
      />
      {/* Native radios (the phone's own, no state machine to load; ADR 017): 48 px rows, 16 px text. */}
      <fieldset className={css.radios}>
        <legend className={css.legend}>To</legend>
        <div className={css.radioRow}>
          {(['tank', 'bowser'] as const).map((to) => (
            <label key={to} className={css.radio}>
              <input
                type="radio"
                name={`${radioName}-to`}
                value={to}
                checked={v.to === to}
                onChange={() => set({ to })}
              />
              {to === 'tank' ? 'A tank' : 'A bowser'}
            </label>
          ))}
        </div>
      </fieldset>
      {v.to === 'tank' ? (
        <ChoiceField
          label="To tank"
          required
          value={v.toTankId}
          options={tanks.filter((t) => t.value !== v.fromTankId)}
          placeholder="Choose the tank it goes to"
          error={
            capture.error('toTankId') ??
            (capture.message?.tone === 'danger' && !v.toTankId ? 'Choose the tank it goes to' : undefined)
          }
          onChange={(toTankId) => set({ toTankId })}
        />
      ) : (
        <>
          <TextField
            label="Bowser (fleet no. or registration)"
            required
            value={v.toBowser}
            onChange={(toBowser) => set({ toBowser })}
            error={capture.error('toBowser') ?? capture.error('toTankId')}
            list="transfer-bowsers"
            autoComplete="off"
            maxLength={60}
          />
          <datalist id="transfer-bowsers">
            {bowsers.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
        </>
      )}
      <NumberField
        label="Litres"
        required
        value={v.litres}
        onChange={(litres) => set({ litres })}
        error={whenEmpty(v.litres, capture.error('litres'), 'Enter the litres')}
      />
      <TextField
        label="Time"
        required
        type="datetime-local"
        value={v.time}
        onChange={(time) => set({ time })}
        error={capture.error('transferredAt') && 'Enter the date and time of the transfer'}
      />
      <div className={css.stackSm} key={capture.generation}>
        <EmployeeField
          reference={ref}
          storeId={fromStore}
          fams24={false}
          value={v.employeeId}
          by={null}
          error={capture.error('employeeId')}
          onChange={(employeeId) => set({ employeeId })}
        />
      </div>
      <NoteField value={v.note} onChange={(note) => set({ note })} error={capture.error('note')} />
    </FormCard>
  );
  return (
    <CaptureColumns
      form={form}
      recent={
        <RecentRecords
          kind="transfers"
          title="Recent transfers on this device"
          reference={ref}
          onFix={startFix}
          editingId={capture.editing?.id}
        />
      }
    />
  );
}

/** Memoised: a live query above it answering with the same content does not render the form again (ADR 017). */
export const TransferForm = memo(TransferFormView);
