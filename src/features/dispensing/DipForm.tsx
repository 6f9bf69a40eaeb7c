import { memo, useMemo, useState } from 'react';
import { PlainAlert } from '@/app/plain/PlainBits';
import css from '@/app/plain/field.module.css';
import type { ReferenceData } from '@/contract/setup/reference';
import { tankName, tankOptions } from '@/lib/reference/labels';
import { useBusyWhile, type OutboxRecord } from '@/lib/offline';
import { CaptureColumns, FormCard } from './CaptureFrame';
import { dipVolume } from './dipVolume';
import { isoFromLocal, localFromIso, localInputValue, numberText, optionalNumber, requiredNumber } from './format';
import { litresExact as litresText } from '@/lib/format';
import { ChoiceField, NumberField, TextField, NoteField } from './FieldControls';
import { RecentRecords } from './RecentRecords';
import { useCapture } from './useCapture';

interface Values {
  tankId: string;
  product: string;
  water: string;
  temperature: string;
  time: string;
  note: string;
}

const blank = (tankId = ''): Values => ({
  tankId,
  product: '',
  water: '',
  temperature: '',
  time: localInputValue(),
  note: '',
});

const fromRecord = (p: OutboxRecord<'dips'>['payload']): Values => ({
  tankId: p.tankId,
  product: numberText(p.productHeightMm),
  water: p.waterHeightMm ? numberText(p.waterHeightMm) : '',
  temperature: numberText(p.temperatureC),
  time: localFromIso(p.dippedAt),
  note: p.note,
});

interface Props {
  reference: ReferenceData;
  /** Start with this tank chosen (the "Record dip" action of /TankLevels). */
  tankId?: string;
  /** Without the device's recent dips beside the form (in a dialog). */
  compact?: boolean;
  onSaved?: (rec: OutboxRecord<'dips'>) => void;
}

/**
 * A manual tank dip (issue 5, source 3): product and water height from the dip stick, the
 * temperature and the time, saved to the outbox like a dispense (so it works with no signal) and
 * sent to `POST /dips/batch`. The litres are shown at once from the cached strapping chart; a
 * height the chart cannot convert is refused here, as the server would refuse it.
 */
function DipFormView({ reference: ref, tankId, compact, onSaved }: Props) {
  const capture = useCapture('dips');
  const [v, setV] = useState<Values>(() => blank(tankId ?? ''));
  const set = (patch: Partial<Values>) => setV((s) => ({ ...s, ...patch }));
  const tanks = useMemo(() => tankOptions(ref), [ref]);
  useBusyWhile('form:dip', !!(v.product || v.water || v.temperature || v.note) || !!capture.editing);

  const height = requiredNumber(v.product);
  const volume = dipVolume(ref, v.tankId, height, optionalNumber(v.water), optionalNumber(v.temperature));
  const tank = ref.tanks.find((t) => t.id === v.tankId);

  const submit = async () => {
    // The record is still validated by the contract first (missing fields); the chart check is ours.
    const rec = await capture.save(
      {
        tankId: v.tankId,
        productHeightMm: height as number,
        waterHeightMm: optionalNumber(v.water) ?? 0,
        temperatureC: optionalNumber(v.temperature),
        dippedAt: isoFromLocal(v.time) as string,
        note: v.note,
      },
      (r) => `${r.payload.productHeightMm} mm in ${tankName(ref, r.payload.tankId)}`,
      () => setV(blank(v.tankId)),
    );
    if (rec) onSaved?.(rec);
  };

  const startFix = (rec: OutboxRecord<'dips'>) => capture.startFix(rec, (payload) => setV(fromRecord(payload)));

  const serverHeight = capture.error('productHeightMm');
  // The contract's own messages for a number out of range are terse; say what the field wants.
  const heightError =
    v.product.trim() === ''
      ? serverHeight
        ? 'Enter the product height'
        : undefined
      : serverHeight
        ? /expected|Too (small|big)/.test(serverHeight)
          ? 'Enter the height in mm (0 to 100 000)'
          : serverHeight
        : (volume.problem ?? undefined);
  const chartHelp =
    volume.chartTo !== null
      ? `Liquid level on the stick; the chart covers ${volume.chartFrom}–${volume.chartTo} mm`
      : undefined;

  const form = (
    <FormCard
      title="Tank dip"
      capture={capture}
      submitLabel="Save dip"
      onSubmit={() => {
        if (!volume.problem) void submit();
      }}
      footer={<DipResult volume={volume} capacity={tank?.capacity} safeFill={tank?.safeFill} />}
    >
      <ChoiceField
        label="Tank"
        required
        value={v.tankId}
        options={tanks}
        placeholder="Choose the tank"
        error={capture.error('tankId')}
        onChange={(id) => set({ tankId: id })}
      />
      <div className={css.pair}>
        <NumberField
          label="Product height (mm)"
          required
          value={v.product}
          onChange={(product) => set({ product })}
          error={heightError}
          helper={chartHelp}
        />
        <NumberField
          label="Water height (mm)"
          value={v.water}
          onChange={(water) => set({ water })}
          error={capture.error('waterHeightMm') && 'Enter the water height in mm (0 to 100 000)'}
          placeholder="0"
        />
      </div>
      <div className={css.pairFromSm}>
        <NumberField
          label="Temperature (°C)"
          value={v.temperature}
          onChange={(temperature) => set({ temperature })}
          error={capture.error('temperatureC') && 'Enter a temperature from −50 to 80 °C'}
        />
        <TextField
          label="Time"
          required
          type="datetime-local"
          value={v.time}
          onChange={(time) => set({ time })}
          error={
            capture.error('dippedAt') &&
            (capture.error('dippedAt')!.includes('ISO')
              ? 'Enter the date and time of the dip'
              : capture.error('dippedAt'))
          }
        />
      </div>
      <NoteField value={v.note} onChange={(note) => set({ note })} error={capture.error('note')} />
    </FormCard>
  );
  if (compact) return form;
  return (
    <CaptureColumns
      form={form}
      recent={
        <RecentRecords
          kind="dips"
          title="Recent dips on this device"
          reference={ref}
          onFix={startFix}
          editingId={capture.editing?.id}
        />
      }
    />
  );
}

/** Memoised: a live query above it answering with the same content does not render the form again (ADR 017). */
export const DipForm = memo(DipFormView);

/** The dip in litres, as the user types it (or why it cannot be converted). */
function DipResult({
  volume,
  capacity,
  safeFill,
}: {
  volume: ReturnType<typeof dipVolume>;
  capacity?: number;
  safeFill?: number;
}) {
  if (volume.problem && volume.chartTo === null) {
    return <PlainAlert role="status">{volume.problem}</PlainAlert>;
  }
  if (volume.gross === null) return null;
  const items: Array<[string, string]> = [['Product volume', litresText(volume.gross)]];
  if (volume.water) items.push(['Water', litresText(volume.water)]);
  if (volume.net15 !== null) items.push(['At 15 °C', litresText(volume.net15)]);
  if (capacity)
    items.push(['Fill', `${Math.round((volume.gross / capacity) * 1000) / 10} % of ${litresText(capacity)}`]);
  if (safeFill !== undefined)
    items.push(['Room to safe fill', litresText(Math.max(0, Math.round((safeFill - volume.gross) * 10) / 10))]);
  return (
    <dl aria-live="polite" aria-label="Dip in litres" className={css.dataList}>
      {items.map(([label, value]) => (
        <div key={label} className={css.dataItem}>
          <dt className={css.dataLabel}>{label}</dt>
          <dd className={css.dataValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
