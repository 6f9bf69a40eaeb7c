import { expect } from 'vitest';
import type { ReportRun } from '../../../src/contract/reports';
import { qs, type Session } from '../records/fixture.testutil';

/** A report's on-screen preview (`GET /reports/:id`) as `who`, which must answer 200. */
export async function preview(who: Session, id: string, params: Record<string, string | number>): Promise<ReportRun> {
  const res = await who.get(`/api/v1/reports/${id}${qs(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ReportRun;
}
