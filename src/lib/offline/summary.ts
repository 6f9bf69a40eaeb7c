import type { FieldRecordKind } from '@/contract/dispensing';
import type { ReferenceData } from '@/contract/setup/reference';
import { litresExact as litres } from '@/lib/format';
import { equipmentName, tankName } from '@/lib/reference/labels';
import type { OutboxRecord, OutboxState } from './db';

/**
 * How the queue shows a record: kind, when, and a one-line summary with names from the reference
 * cache (the field forms' confirmations, their recent records and the device page).
 */

export const KIND_LABEL: Record<FieldRecordKind, string> = {
  dispenses: 'Dispense',
  transfers: 'Transfer',
  receipts: 'Receipt',
  dips: 'Dip',
};

export const STATE_LABEL: Record<OutboxState, { label: string; palette: string }> = {
  queued: { label: 'Waiting', palette: 'yellow' },
  sending: { label: 'Sending', palette: 'blue' },
  synced: { label: 'Synced', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

type Ref = ReferenceData | undefined;

// Built once (toLocaleString builds a formatter per call: that was a tenth of the page's work
// while a long queue synced under the recent-records list).
let timeFormat: Intl.DateTimeFormat | undefined;

/** When the record happened (its own time), else when it was saved. */
export function recordTime(rec: OutboxRecord): number {
  const p = rec.payload as Record<string, unknown>;
  const at = p.dispensedAt ?? p.transferredAt ?? p.receivedAt ?? p.dippedAt;
  const t = typeof at === 'string' ? Date.parse(at) : NaN;
  return Number.isNaN(t) ? rec.createdAt : t;
}

export function summary(rec: OutboxRecord, ref: Ref): string {
  switch (rec.kind) {
    case 'dispenses': {
      const p = rec.payload as OutboxRecord<'dispenses'>['payload'];
      return `${litres(p.litres)} to ${equipmentName(ref, p.equipmentId)}`;
    }
    case 'transfers': {
      const p = rec.payload as OutboxRecord<'transfers'>['payload'];
      return `${litres(p.litres)} from ${tankName(ref, p.fromTankId)} to ${p.toTankId ? tankName(ref, p.toTankId) : (p.toBowser ?? '?')}`;
    }
    case 'receipts': {
      const p = rec.payload as OutboxRecord<'receipts'>['payload'];
      return `${litres(p.litres)} into ${tankName(ref, p.tankId)} (${p.supplier})`;
    }
    case 'dips': {
      const p = rec.payload as OutboxRecord<'dips'>['payload'];
      return `${p.productHeightMm} mm in ${tankName(ref, p.tankId)}`;
    }
  }
}

export const formatTime = (t: number) =>
  (timeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' })).format(t);
