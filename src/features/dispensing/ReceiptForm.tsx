import { memo, useMemo, useState } from 'react';
import css from '@/app/plain/field.module.css';
import type { ReferenceData } from '@/contract/setup/reference';
import { tankName, tankOptions } from '@/lib/reference/labels';
import { useBusyWhile, useRecentRecords, type OutboxRecord } from '@/lib/offline';
import { CaptureColumns, FormCard } from './CaptureFrame';
import {
  isoFromLocal,
  localFromIso,
  localInputValue,
  numberText,
  optionalNumber,
  requiredNumber,
  whenEmpty,
} from './format';
import { litresExact as litresText } from '@/lib/format';
import { ChoiceField, NumberField, TextField, NoteField } from './FieldControls';
import { RecentRecords } from './RecentRecords';
import { useCapture } from './useCapture';

interface Values {
  tankId: string;
  supplier: string;
  deliveryNote: string;
  litres: string;
  dipBefore: string;
  dipAfter: string;
  temperature: string;
  time: string;
  note: string;
}

const blank = (tankId = '', supplier = ''): Values => ({
  tankId,
  supplier,
  deliveryNote: '',
  litres: '',
  dipBefore: '',
  dipAfter: '',
  temperature: '',
  time: localInputValue(),
  note: '',
});

const fromRecord = (p: OutboxRecord<'receipts'>['payload']): Values => ({
  tankId: p.tankId,
  supplier: p.supplier,
  deliveryNote: p.deliveryNote,
  litres: numberText(p.litres),
  dipBefore: numberText(p.dipBeforeMm),
  dipAfter: numberText(p.dipAfterMm),
  temperature: numberText(p.temperatureC),
  time: localFromIso(p.receivedAt),
  note: p.note,
});

/**
 * `/FiltersReceivedMan`, the capture part: a fuel delivery recorded by hand (offline like a
 * dispense), and this device's recent receipts. The server-side list of receipts is a later issue.
 */
function ReceiptFormView({ reference: ref }: { reference: ReferenceData }) {
  const capture = useCapture('receipts');
  const [v, setV] = useState<Values>(blank);
  const set = (patch: Partial<Values>) => setV((s) => ({ ...s, ...patch }));
  const tanks = useMemo(() => tankOptions(ref), [ref]);
  useBusyWhile(
    'form:/FiltersReceivedMan',
    !!(v.deliveryNote || v.litres || v.dipBefore || v.dipAfter || v.temperature || v.note) || !!capture.editing,
  );

  const submit = async () => {
    await capture.save(
      {
        tankId: v.tankId,
        supplier: v.supplier,
        deliveryNote: v.deliveryNote,
        litres: requiredNumber(v.litres) as number,
        dipBeforeMm: optionalNumber(v.dipBefore),
        dipAfterMm: optionalNumber(v.dipAfter),
        temperatureC: optionalNumber(v.temperature),
        receivedAt: isoFromLocal(v.time) as string,
        note: v.note,
      },
      (r) => `${litresText(r.payload.litres)} into ${tankName(ref, r.payload.tankId)}`,
      () => setV(blank(v.tankId, v.supplier)),
    );
  };

  const startFix = (rec: OutboxRecord<'receipts'>) => capture.startFix(rec, (payload) => setV(fromRecord(payload)));

  const form = (
    <FormCard title="Delivery" capture={capture} submitLabel="Save delivery" onSubmit={() => void submit()}>
      <ChoiceField
        label="Tank"
        required
        value={v.tankId}
        options={tanks}
        placeholder="Choose the tank"
        error={capture.error('tankId')}
        onChange={(tankId) => set({ tankId })}
      />
      <div className={css.pairFromSm}>
        <TextField
          label="Supplier"
          required
          value={v.supplier}
          onChange={(supplier) => set({ supplier })}
          error={capture.error('supplier')}
          list="receipt-suppliers"
          autoComplete="off"
          maxLength={120}
        />
        <TextField
          label="Delivery note"
          required
          value={v.deliveryNote}
          onChange={(deliveryNote) => set({ deliveryNote })}
          error={capture.error('deliveryNote')}
          autoComplete="off"
          maxLength={60}
        />
      </div>
      <SupplierOptions id="receipt-suppliers" />
      <div className={css.pair}>
        <NumberField
          label="Litres"
          required
          value={v.litres}
          onChange={(litres) => set({ litres })}
          error={whenEmpty(v.litres, capture.error('litres'), 'Enter the litres')}
        />
        <NumberField
          label="Temperature (°C)"
          value={v.temperature}
          onChange={(temperature) => set({ temperature })}
          error={capture.error('temperatureC')}
        />
        <NumberField
          label="Dip before (mm)"
          value={v.dipBefore}
          onChange={(dipBefore) => set({ dipBefore })}
          error={capture.error('dipBeforeMm')}
        />
        <NumberField
          label="Dip after (mm)"
          value={v.dipAfter}
          onChange={(dipAfter) => set({ dipAfter })}
          error={capture.error('dipAfterMm')}
        />
      </div>
      <TextField
        label="Time"
        required
        type="datetime-local"
        value={v.time}
        onChange={(time) => set({ time })}
        error={capture.error('receivedAt') && 'Enter the date and time of the delivery'}
      />
      <NoteField value={v.note} onChange={(note) => set({ note })} error={capture.error('note')} />
    </FormCard>
  );
  return (
    <CaptureColumns
      form={form}
      recent={
        <RecentRecords
          kind="receipts"
          title="Recent deliveries on this device"
          reference={ref}
          onFix={startFix}
          editingId={capture.editing?.id}
          footer={
            <p className={`${css.xs} ${css.muted}`}>
              Only what this device recorded. Every manual receipt of the account is listed below.
            </p>
          }
        />
      }
    />
  );
}

/** Memoised: a live query above it answering with the same content does not render the form again (ADR 017). */
export const ReceiptForm = memo(ReceiptFormView);

/**
 * The suppliers of this device's recent deliveries, offered as the Supplier field types. Its own
 * component: the records arrive from IndexedDB after the form's first render, and only this list
 * renders again then, not the whole form (ADR 017, fifth pass).
 */
function SupplierOptions({ id }: { id: string }) {
  const recent = useRecentRecords('receipts', 50);
  const suppliers = useMemo(
    () => [...new Set((recent ?? []).map((r) => (r.payload as OutboxRecord<'receipts'>['payload']).supplier))],
    [recent],
  );
  return (
    <datalist id={id}>
      {suppliers.map((s) => (
        <option key={s} value={s} />
      ))}
    </datalist>
  );
}
