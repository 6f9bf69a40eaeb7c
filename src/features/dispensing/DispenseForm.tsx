import { memo, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import css from '@/app/plain/field.module.css';
import { meterAskedFor, meterFieldLabel, meterToRead, missingMeter } from '@/contract/meter-rule';
import type { ReferenceData } from '@/contract/setup/reference';
import { costCentreOptions, equipmentName, storeOptions, tankOptions } from '@/lib/reference/labels';
import { useBusyWhile, useRecentRecords, type OutboxRecord } from '@/lib/offline';
import { session } from '@/lib/session';
import { CaptureColumns, FormCard, FormSkeleton } from './CaptureFrame';
import { EmployeeField, type EmployeeBy } from './EmployeeField';
import { numberText, optionalNumber, requiredNumber, whenEmpty } from './format';
import { litresExact as litresText } from '@/lib/format';
import { ChoiceField, NumberField, NoteField } from './FieldControls';
import { GpsLine, WarningList, warningCodes } from './FormBits';
import { useLastUsed, writeLastUsed, type LastUsed } from './lastUsed';
import { LocalPick } from './LocalPick';
import { equipmentItems, signedInEmployee } from './pickItems';
import { RecentRecords } from './RecentRecords';
import { useCapture } from './useCapture';
import { useGps } from './useGps';
import { deviceHistory, liveWarnings } from './warnings';

type Variant = 'FAMS' | 'FAMS24';

interface Values {
  storeId: string;
  tankId: string;
  equipmentId: string;
  employeeId: string;
  employeeBy: EmployeeBy | null;
  costCentreId: string;
  litres: string;
  meter: string;
  note: string;
}

/** A new record: the store and tank kept, and the signed-in user as its employee when they are one (ADR 076). */
const blank = (storeId = '', tankId = '', self: string | null = null): Values => ({
  storeId,
  tankId,
  equipmentId: '',
  employeeId: self ?? '',
  employeeBy: self ? 'signin' : null,
  costCentreId: '',
  litres: '',
  meter: '',
  note: '',
});

const isFams = (r: OutboxRecord<'dispenses'>) => r.payload.variant === 'FAMS';
const isFams24 = (r: OutboxRecord<'dispenses'>) => r.payload.variant === 'FAMS24';

const fromRecord = (p: OutboxRecord<'dispenses'>['payload']): Values => ({
  storeId: p.storeId,
  tankId: p.tankId,
  equipmentId: p.equipmentId,
  employeeId: p.employeeId ?? '',
  employeeBy: p.employeeBy,
  costCentreId: p.costCentreId ?? '',
  litres: numberText(p.litres),
  meter: numberText(p.meter),
  note: p.note,
});

/**
 * `/QuickDispense` (FAMS stores) and `/QuickDispense24` (FAMS24 stores): record a dispense on this
 * device, online or not. Warnings from the shared checks never block; Save puts the record in the
 * outbox, confirms, and clears the form for the next vehicle (store and tank stay).
 */
export function DispenseForm({ reference, variant }: { reference: ReferenceData; variant: Variant }) {
  const screen = variant === 'FAMS' ? '/QuickDispense' : '/QuickDispense24';
  const { account, user } = useSnapshot(session);
  const accountId = account?.id;
  // The form's first data (recent records for the checks, the last used store) is read before its
  // first render: one render with everything, not one more per IndexedDB answer (ADR 017).
  const records = useRecentRecords('dispenses', 500);
  const last = useLastUsed(accountId, screen);
  if (records === undefined || last === undefined) return <FormSkeleton />;
  return (
    <DispenseFormBody
      reference={reference}
      variant={variant}
      screen={screen}
      accountId={accountId}
      userId={user?.uid}
      records={records as OutboxRecord<'dispenses'>[]}
      last={last}
    />
  );
}

/** Where a new dispense starts: the store and tank last used on this device, else the first ones. */
function startPlace(ref: ReferenceData, stores: { value: string }[], last: LastUsed | null) {
  const storeId = stores.find((s) => s.value === last?.storeId)?.value ?? stores[0]?.value ?? '';
  const tankIds = ref.tanks.filter((t) => t.storeId === storeId).map((t) => t.id);
  const tankId = last && tankIds.includes(last.tankId) ? last.tankId : (tankIds[0] ?? '');
  return { storeId, tankId };
}

// Memoised: the parent renders again when its live queries answer with the same content (the
// outbox at page start, the reference after a 304); the form then does not (ADR 017, fifth pass).
const DispenseFormBody = memo(function DispenseFormBody({
  reference: ref,
  variant,
  screen,
  accountId,
  userId,
  records,
  last,
}: {
  reference: ReferenceData;
  variant: Variant;
  screen: string;
  accountId: number | undefined;
  /** The signed-in user: their own employee is preselected (ADR 076). */
  userId: number | undefined;
  records: OutboxRecord<'dispenses'>[];
  last: LastUsed | null;
}) {
  const fams24 = variant === 'FAMS24';
  const capture = useCapture('dispenses');
  const stores = useMemo(() => storeOptions(ref, variant), [ref, variant]);
  const self = (storeId: string) => signedInEmployee(ref, userId, storeId, fams24);
  const [v, setV] = useState<Values>(() => {
    const { storeId, tankId } = startPlace(ref, stores, last);
    return blank(storeId, tankId, self(storeId));
  });
  const set = (patch: Partial<Values>) => setV((s) => ({ ...s, ...patch }));
  const gps = useGps();
  const history = useMemo(() => deviceHistory(records, ref), [records, ref]);

  const tanks = useMemo(() => (v.storeId ? tankOptions(ref, v.storeId) : []), [ref, v.storeId]);
  const equipment = useMemo(() => equipmentItems(ref, fams24), [ref, fams24]);
  const costCentres = useMemo(() => costCentreOptions(ref), [ref]);
  const eq = ref.equipment.find((e) => e.id === v.equipmentId);

  const draft = {
    id: capture.recordId,
    variant,
    storeId: v.storeId,
    tankId: v.tankId,
    equipmentId: v.equipmentId,
    employeeId: v.employeeId || null,
    costCentreId: v.costCentreId || null,
    litres: requiredNumber(v.litres),
    meter: optionalNumber(v.meter),
    at: capture.editing ? new Date(capture.editing.payload.dispensedAt) : new Date(),
  };
  const warnings = liveWarnings(ref, history, draft);
  const dirty = !!(v.equipmentId || v.employeeId || v.litres || v.meter || v.note) || !!capture.editing;
  useBusyWhile(`form:${screen}`, dirty);

  const lastMeter = useMemo(() => {
    if (!eq) return null;
    const ms = [
      eq.currentMeter,
      ...history.filter((h) => h.equipmentId === eq.id && h.id !== capture.recordId).map((h) => h.meter),
    ];
    const known = ms.filter((m): m is number => m !== null);
    return known.length ? Math.max(...known) : null;
  }, [eq, history, capture.recordId]);
  // ADR 076: the reading a fill for this equipment must carry (null: no meter fitted), judged with the cached setup.
  const unit = eq ? meterToRead(eq) : 'km';
  const hours = unit === 'hours';

  const submit = async () => {
    const old = capture.editing?.payload;
    // A record saved before ADR 076 (no `meterAsked`) is corrected as it was saved: the rule did not ask it then.
    const ruled = !old || old.meterAsked !== undefined;
    const missing = ruled && eq ? missingMeter(eq, draft.meter) : null;
    const rec = await capture.save(
      {
        variant,
        storeId: v.storeId,
        tankId: v.tankId,
        equipmentId: v.equipmentId,
        employeeId: draft.employeeId,
        costCentreId: draft.costCentreId,
        litres: draft.litres as number,
        // No meter fitted: a reading typed before the equipment was changed is not kept.
        meter: unit === null ? null : draft.meter,
        ...(ruled && eq ? { meterAsked: meterAskedFor(eq) } : {}),
        dispensedAt: old?.dispensedAt ?? new Date().toISOString(),
        note: v.note,
        gps: old ? old.gps : gps.fix(),
        employeeBy: v.employeeId ? (v.employeeBy ?? 'list') : null,
        acceptedWarnings: warningCodes(warnings),
      },
      (r) => `${litresText(r.payload.litres)} to ${equipmentName(ref, r.payload.equipmentId)}`,
      () => setV(blank(v.storeId, v.tankId, self(v.storeId))),
      missing ? { meter: [missing.message] } : null,
    );
    if (!rec) return;
    if (accountId !== undefined) void writeLastUsed(accountId, screen, { storeId: v.storeId, tankId: v.tankId });
    gps.relocate();
  };

  const startFix = (rec: OutboxRecord<'dispenses'>) => capture.startFix(rec, (payload) => setV(fromRecord(payload)));

  const product = ref.products.find((p) => p.id === ref.tanks.find((t) => t.id === v.tankId)?.productId);
  const form = (
    <FormCard
      title={fams24 ? 'Dispense at a FAMS24 site' : 'Dispense'}
      capture={capture}
      submitLabel="Save dispense"
      onSubmit={() => void submit()}
      footer={
        <>
          <WarningList warnings={warnings} />
          <GpsLine gps={gps} />
        </>
      }
    >
      <div className={css.stack}>
        <ChoiceField
          label="Store"
          required
          value={v.storeId}
          options={stores}
          placeholder="Choose a store"
          error={capture.error('storeId')}
          onChange={(storeId) => {
            const tankId = ref.tanks.find((t) => t.storeId === storeId)?.id ?? '';
            // The preselected signed-in user follows the store (they may not be allowed at every store).
            const me = v.employeeBy === 'signin' || !v.employeeId ? self(storeId) : null;
            set(
              v.employeeBy === 'signin' || !v.employeeId
                ? { storeId, tankId, employeeId: me ?? '', employeeBy: me ? 'signin' : null }
                : { storeId, tankId },
            );
          }}
        />
        <ChoiceField
          label="Tank"
          required
          value={v.tankId}
          options={tanks}
          placeholder="Choose a tank or pump"
          error={capture.error('tankId')}
          helper={product ? `Product: ${product.name}` : undefined}
          onChange={(tankId) => set({ tankId })}
        />
      </div>
      <div className={css.stack} key={capture.generation}>
        <LocalPick
          label="Equipment"
          required
          items={equipment}
          value={v.equipmentId}
          error={capture.error('equipmentId')}
          placeholder={fams24 ? 'Tag, fleet no. or registration…' : 'Fleet no., registration or tag…'}
          helper={
            eq
              ? [eq.description, eq.tankCapacity ? `tank ${eq.tankCapacity} L` : null].filter(Boolean).join(' · ')
              : fams24
                ? 'Scan or type the tag, or search by fleet no. or registration'
                : 'Search by fleet no., registration or tag'
          }
          onChange={(equipmentId) => {
            const e = ref.equipment.find((x) => x.id === equipmentId);
            set({ equipmentId, costCentreId: e?.costCentreId ?? '' });
          }}
        />
        <EmployeeField
          reference={ref}
          storeId={v.storeId}
          fams24={fams24}
          value={v.employeeId}
          by={v.employeeBy}
          error={capture.error('employeeId')}
          pinWanted={fams24 && eq?.pinRequired}
          onChange={(employeeId, employeeBy) => set({ employeeId, employeeBy })}
        />
      </div>
      <div className={css.pair}>
        <NumberField
          label="Litres"
          required
          value={v.litres}
          onChange={(litres) => set({ litres })}
          error={whenEmpty(v.litres, capture.error('litres'), 'Enter the litres')}
        />
        {unit === null ? (
          <NumberField
            label="Meter"
            value=""
            onChange={() => undefined}
            disabled
            helper="No meter fitted: no reading needed"
          />
        ) : (
          <NumberField
            label={meterFieldLabel(unit)}
            required
            value={v.meter}
            onChange={(meter) => set({ meter })}
            error={capture.error('meter')}
            helper={lastMeter !== null ? `Last known ${lastMeter.toLocaleString()} ${hours ? 'h' : 'km'}` : undefined}
          />
        )}
      </div>
      <ChoiceField
        label="Cost centre"
        value={v.costCentreId}
        options={costCentres}
        placeholder="The equipment's own"
        error={capture.error('costCentreId')}
        onChange={(costCentreId) => set({ costCentreId })}
        helper={
          eq?.costCentreId && v.costCentreId && v.costCentreId !== eq.costCentreId
            ? "Changed from the equipment's cost centre"
            : undefined
        }
      />
      <NoteField value={v.note} onChange={(note) => set({ note })} error={capture.error('note')} />
    </FormCard>
  );
  return (
    <CaptureColumns
      form={form}
      recent={
        <RecentRecords
          kind="dispenses"
          title="Recent dispenses on this device"
          reference={ref}
          onFix={startFix}
          editingId={capture.editing?.id}
          filter={variant === 'FAMS' ? isFams : isFams24}
        />
      }
    />
  );
});
