import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Session } from '../../../tests/api/resource-suite';

/**
 * Helpers of the import API tests: upload a file as the raw body, run with the suggested
 * mapping, wait for the job to finish.
 */
export async function upload(base: string, s: Session, target: string, fileName: string, body: string | Buffer) {
  const res = await fetch(`${base}/api/v1/imports?target=${target}&fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { ...s.headers, 'content-type': 'application/octet-stream' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function waitFor(s: Session, id: string, timeoutMs = 60_000) {
  const t0 = Date.now();
  for (;;) {
    const r = await s.get(`/api/v1/imports/${id}`);
    expect(r.status).toBe(200);
    if (r.body.status === 'done' || r.body.status === 'failed') return r.body;
    if (Date.now() - t0 > timeoutMs) throw new Error(`import ${id} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Upload, run with the suggested mapping (plus overrides) and wait for the end. */
export async function importFile(
  base: string,
  s: Session,
  target: string,
  fileName: string,
  body: string | Buffer,
  mapping: Record<string, string | null> = {},
) {
  const up = await upload(base, s, target, fileName, body);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const run = await s.send('POST', `/api/v1/imports/${up.body.id}/run`, {
    mapping: { ...up.body.mapping, ...mapping },
  });
  expect(run.status, JSON.stringify(run.body)).toBe(202);
  return waitFor(s, up.body.id);
}

export const csv = (rows: (string | number)[][]) =>
  rows
    .map((r) =>
      r
        .map((c) => {
          const t = String(c);
          return /[",\n;]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
        })
        .join(','),
    )
    .join('\n') + '\n';

export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
