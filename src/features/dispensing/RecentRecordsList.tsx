import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PlainCard } from '@/app/plain/PlainBits';
import css from '@/app/plain/field.module.css';
import { ConfirmDialog } from '@/app/ui/ConfirmDialog';
import type { FieldRecordKind } from '@/contract/dispensing';
import type { ReferenceData } from '@/contract/setup/reference';
import { KIND_LABEL, summary } from '@/lib/offline/summary';
import { discardRejected, useRecentRecords, type OutboxRecord } from '@/lib/offline';
import { notify } from '@/lib/notify';
import { FieldRecordRow } from './FieldRecordRow';
import { useMotionKit } from './useMotionKit';

export interface RecentRecordsProps<K extends FieldRecordKind> {
  kind: K;
  title: string;
  reference: ReferenceData | undefined;
  /** Opens a rejected record in the form, pre-filled, to correct and send again. */
  onFix: (rec: OutboxRecord<K>) => void;
  /** The record open in the form (its Fix button is hidden). */
  editingId?: string | null;
  footer?: ReactNode;
  limit?: number;
  /** Only some records of the kind (e.g. FAMS24 dispenses on /QuickDispense24). */
  filter?: (rec: OutboxRecord<K>) => boolean;
}

/**
 * "Recent records" under a field form: this device's records of one kind, newest first, with
 * their sync state (waiting, sending, synced, rejected with the server's reason). A rejected one
 * can be corrected in the form or discarded on purpose (after a confirmation). A record just
 * saved slides in at the top.
 */
export function RecentRecordsList<K extends FieldRecordKind>({
  kind,
  title,
  reference,
  onFix,
  editingId,
  footer,
  limit = 30,
  filter,
}: RecentRecordsProps<K>) {
  const all = useRecentRecords(kind, filter ? limit * 4 : limit) as OutboxRecord<K>[] | undefined;
  const records = useMemo(() => (filter ? all?.filter(filter).slice(0, limit) : all), [all, filter, limit]);
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  // One callback for every row and every render (the rows are memoised), calling the latest `onFix`.
  const onFixNow = useRef(onFix);
  useEffect(() => {
    onFixNow.current = onFix;
  });
  const fix = useCallback((rec: OutboxRecord) => onFixNow.current(rec as OutboxRecord<K>), []);
  const counts = { waiting: 0, rejected: 0 };
  for (const r of records ?? []) {
    if (r.state === 'queued' || r.state === 'sending') counts.waiting++;
    if (r.state === 'rejected') counts.rejected++;
  }
  const discard = async (rec: OutboxRecord) => {
    setDiscarding(null);
    try {
      await discardRejected(rec.id);
      notify({ tone: 'info', title: 'Discarded', message: `${KIND_LABEL[rec.kind]} removed from this device.` });
    } catch (e) {
      notify({ tone: 'warning', message: e instanceof Error ? e.message : String(e) });
    }
  };
  const kit = useMotionKit();
  const rows = records?.map((r) => (
    <FieldRecordRow
      key={r.id}
      rec={r}
      reference={reference}
      onFix={r.id === editingId ? undefined : fix}
      onDiscard={setDiscarding}
    />
  ));
  return (
    <PlainCard aria-label={title}>
      <div className={css.stackSm}>
        <div className={css.recentHead}>
          <h2 className={css.heading}>{title}</h2>
          {records && (
            <p className={`${css.small} ${css.muted}`}>
              {counts.waiting} waiting · {counts.rejected} rejected
            </p>
          )}
        </div>
        {records && records.length === 0 && (
          <p className={`${css.small} ${css.muted}`}>Nothing recorded on this device yet.</p>
        )}
        {records && (
          <ul className={css.rows} aria-label={title}>
            {kit ? (
              <kit.FieldMotion>
                <kit.AnimatePresence initial={false}>{rows}</kit.AnimatePresence>
              </kit.FieldMotion>
            ) : (
              rows
            )}
          </ul>
        )}
        {footer}
      </div>
      <ConfirmDialog
        open={!!discarding}
        title="Discard this record?"
        confirmLabel="Discard"
        danger
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void discard(discarding);
        }}
      >
        {discarding && (
          <p>
            {KIND_LABEL[discarding.kind]}: {summary(discarding, reference)}. It was never stored on the server and will
            be gone from this device.
          </p>
        )}
      </ConfirmDialog>
    </PlainCard>
  );
}
