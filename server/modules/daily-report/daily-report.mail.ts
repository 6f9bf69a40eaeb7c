import { closingOf, type DailyReport, type DailyReportStore } from '../../../src/contract/daily-report';
import { exceptionLabel } from '../../../src/contract/exceptions';
import {
  INCIDENT_KIND_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
} from '../../../src/contract/incidents';
import type { DbOrTx } from '../../db/client';
import { dailyReportService } from './daily-report.service';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

// `signDisplay: 'negative'`: a figure that rounds to zero reads "0", never "-0" (as on screen, src/lib/format.ts).
const num = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, signDisplay: 'negative' });
const money = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
const L = (v: number | null) => (v === null ? '—' : `${num.format(v)} L`);
const time = (iso: string | null, zone: string) =>
  iso ? new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: zone }).format(new Date(iso)) : '—';
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Table {
  head: string[];
  rows: string[][];
  /** Columns aligned right (figures). */
  right?: number[];
}

function storeTables(s: DailyReportStore): { title: string; table?: Table; empty: string }[] {
  const z = s.timezone;
  return [
    {
      title: 'Tanks',
      empty: 'No tanks.',
      table: {
        head: ['Tank', 'Product', 'Opening', 'Dispensed', 'Received', 'Transfer out', 'Transfer in', 'Closing'],
        right: [2, 3, 4, 5, 6, 7],
        rows: s.tanks.map((t) => [
          t.tankCode,
          t.productName,
          L(t.opening),
          L(t.dispensed),
          L(t.received),
          L(t.transferredOut),
          L(t.transferredIn),
          `${L(closingOf(t))}${t.measuredClosing === null ? ' (book)' : ''}`,
        ]),
      },
    },
    {
      title: 'Exceptions raised',
      empty: 'None.',
      table: {
        head: ['Time', 'Exception', 'Where', 'Status'],
        rows: s.exceptionsRaised.map((x) => [
          time(x.raisedAt, z),
          `${exceptionLabel(x.code)}: ${x.message}`,
          x.tankCode ?? x.fleetNo ?? '',
          x.status,
        ]),
      },
    },
    {
      title: 'Exceptions resolved',
      empty: 'None.',
      table: {
        head: ['Time', 'Exception', 'Resolution'],
        rows: s.exceptionsResolved.map((x) => [
          time(x.resolvedAt, z),
          `${exceptionLabel(x.code)}: ${x.message}`,
          [x.resolutionReason, x.resolution].filter(Boolean).join(' — '),
        ]),
      },
    },
    {
      title: 'Incidents and call-outs',
      empty: 'None.',
      table: {
        head: ['Time', 'Kind', 'Type', 'Severity', 'Title', 'Technician', 'Called–left', 'Cost', 'Status'],
        right: [7],
        rows: s.incidents.map((i) => [
          time(i.occurredAt, z),
          INCIDENT_KIND_LABELS[i.kind],
          INCIDENT_TYPE_LABELS[i.type],
          INCIDENT_SEVERITY_LABELS[i.severity],
          i.title,
          [i.technician, i.company].filter(Boolean).join(', '),
          i.calledAt ? `${time(i.calledAt, z)}–${time(i.leftAt, z)}` : '',
          i.cost === null ? '' : money.format(i.cost),
          INCIDENT_STATUS_LABELS[i.status],
        ]),
      },
    },
  ];
}

const summary = (s: DailyReportStore) =>
  `Dispensed ${L(s.totals.dispensed)} · Received ${L(s.totals.received)} · Transferred out ${L(s.totals.transferredOut)}` +
  ` · in ${L(s.totals.transferredIn)} · Closing stock ${L(s.totals.closing)}`;

function textOf(r: DailyReport): string {
  const out = [`Daily report ${r.day} — ${r.accountName}`, ''];
  if (!r.stores.length) out.push('No stores.');
  for (const s of r.stores) {
    out.push(`== ${s.storeCode} — ${s.storeName} ==`, summary(s), '');
    for (const part of storeTables(s)) {
      out.push(`${part.title}:`);
      if (!part.table?.rows.length) out.push(`  ${part.empty}`);
      else for (const row of part.table.rows) out.push(`  ${row.filter(Boolean).join(' | ')}`);
      out.push('');
    }
  }
  return out.join('\n');
}

function htmlOf(r: DailyReport): string {
  const cell = 'border:1px solid #ccc;padding:3px 6px;font-size:13px';
  const table = (t: Table) =>
    `<table style="border-collapse:collapse;margin:4px 0 12px">` +
    `<tr>${t.head.map((h) => `<th style="${cell};background:#f2f2f2;text-align:left">${esc(h)}</th>`).join('')}</tr>` +
    t.rows
      .map(
        (row) =>
          `<tr>${row
            .map((v, i) => `<td style="${cell}${t.right?.includes(i) ? ';text-align:right' : ''}">${esc(v)}</td>`)
            .join('')}</tr>`,
      )
      .join('') +
    `</table>`;
  const stores = r.stores.map(
    (s) =>
      `<h2 style="font-size:16px;margin:16px 0 4px">${esc(`${s.storeCode} — ${s.storeName}`)}</h2>` +
      `<p style="margin:0 0 8px">${esc(summary(s))}</p>` +
      storeTables(s)
        .map(
          (p) =>
            `<h3 style="font-size:14px;margin:8px 0 2px">${esc(p.title)}</h3>` +
            (p.table?.rows.length ? table(p.table) : `<p style="margin:0 0 8px">${esc(p.empty)}</p>`),
        )
        .join(''),
  );
  return (
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">` +
    `<h1 style="font-size:18px">${esc(`Daily report ${r.day} — ${r.accountName}`)}</h1>` +
    (stores.length ? stores.join('') : '<p>No stores.</p>') +
    `</body></html>`
  );
}

/** The report as a mail (plain text and simple HTML, tables inline-styled for mail clients). */
export function renderDailyReport(report: DailyReport, user?: { name?: string }): RenderedMail {
  const greeting = user?.name ? `Good morning ${user.name},\n\n` : '';
  return {
    subject: `FAMS daily report ${report.day} — ${report.accountName}`,
    text: greeting + textOf(report),
    html: greeting
      ? htmlOf(report).replace(
          '<body style="font-family:Arial,sans-serif;color:#222">',
          (b) => `${b}<p>${esc(greeting.trim())}</p>`,
        )
      : htmlOf(report),
  };
}

/**
 * The morning e-mail of an account's daily report for one store-local day (usually yesterday):
 * what the pg-boss job sends to each subscribed user. `storeIds` narrows it (none = every store).
 */
export async function renderDailyReportMail(
  db: DbOrTx,
  accountId: number,
  day: string,
  opts: { user?: { name?: string }; storeIds?: readonly string[]; now?: Date } = {},
): Promise<RenderedMail> {
  const report = await dailyReportService(db).report(accountId, day, opts.storeIds ?? [], opts.now);
  return renderDailyReport(report, opts.user);
}
