import { FIELD_RECORD_INPUT, type FieldRecordKind, type IngestResult } from '@/contract/dispensing';
import type { InputOf } from './db';
import type { SyncReport, SyncTransport, TransportResponse } from './sync';

/**
 * Test double of the batch ingest with the real idempotency semantics (docs/design.md §6): rows in a
 * Map keyed by id; a replay with the same content → `duplicate`; the same id with other content →
 * 422; a record failing the contract → 400. Scripted faults model what the network does.
 */

type Fault =
  | { type: 'status'; status: number; retryAfter?: string; body?: unknown }
  | { type: 'network' } // no answer, nothing committed
  | { type: 'lostAnswer' }; // committed, but the answer never arrived

export class FakeServer {
  readonly rows = new Map<string, { kind: FieldRecordKind; json: string }>();
  /** Ids in the order they were first committed. */
  readonly arrival: string[] = [];
  readonly requests: Array<{ kind: FieldRecordKind; ids: string[]; token: string | null; report?: SyncReport }> = [];
  readonly faults: Fault[] = [];
  /** Ids the server refuses as a business-independent error (e.g. unknown equipment). */
  readonly refuse = new Map<string, string>();
  validToken = 'token-1';
  /** What the next successful refresh hands out; null = the refresh cookie is gone. */
  nextToken: string | null = 'token-2';
  refreshCalls = 0;
  /** Delay before answering, to hold a runner mid-send. */
  delayMs = 0;

  transport(initialToken: string | null = 'token-1'): SyncTransport & { token: string | null } {
    const t = {
      token: initialToken,
      post: (kind: FieldRecordKind, body: { records: unknown[] }, report?: SyncReport) =>
        this.handle(kind, body.records, t.token, report),
      refresh: async () => {
        this.refreshCalls += 1;
        if (!this.nextToken) return false;
        this.validToken = this.nextToken;
        t.token = this.nextToken;
        return true;
      },
    };
    return t;
  }

  private async handle(
    kind: FieldRecordKind,
    records: unknown[],
    token: string | null,
    report?: SyncReport,
  ): Promise<TransportResponse> {
    this.requests.push({ kind, ids: records.map((r) => (r as { id: string }).id), token, report });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (token !== this.validToken)
      return answer(401, { title: 'Error', message: 'Please sign in.', code: 'UNAUTHENTICATED' });
    const fault = this.faults.shift();
    if (fault?.type === 'network') throw new TypeError('Failed to fetch');
    if (fault?.type === 'status')
      return answer(
        fault.status,
        fault.body ?? { title: 'Error', message: `Status ${fault.status}`, code: 'X' },
        fault.retryAfter,
      );
    const results = records.map((r) => this.ingest(kind, r));
    if (fault?.type === 'lostAnswer') throw new TypeError('Failed to fetch');
    return answer(200, { results });
  }

  private ingest(kind: FieldRecordKind, raw: unknown): IngestResult {
    const id = String((raw as { id?: unknown }).id);
    const parsed = FIELD_RECORD_INPUT[kind].safeParse(raw);
    if (!parsed.success)
      return { id, status: 'rejected', httpStatus: 400, reason: parsed.error.issues[0].message, exceptions: [] };
    const refused = this.refuse.get(id);
    if (refused)
      return {
        id,
        status: 'rejected',
        httpStatus: 422,
        reason: refused,
        fieldErrors: { equipmentId: [refused] },
        exceptions: [],
      };
    const json = JSON.stringify(parsed.data);
    const row = this.rows.get(id);
    if (row) {
      return row.json === json && row.kind === kind
        ? { id, status: 'duplicate', httpStatus: 200, exceptions: [] }
        : { id, status: 'rejected', httpStatus: 422, reason: 'Same id, different record', exceptions: [] };
    }
    this.rows.set(id, { kind, json });
    this.arrival.push(id);
    return { id, status: 'created', httpStatus: 201, exceptions: [] };
  }
}

function answer(status: number, body: unknown, retryAfter?: string): TransportResponse {
  return { status, body, retryAfter: retryAfter ?? null };
}

const DEVICE = 'test-device';

export function dispense(over: Partial<InputOf<'dispenses'>> = {}): InputOf<'dispenses'> {
  return {
    id: crypto.randomUUID(),
    variant: 'FAMS',
    storeId: crypto.randomUUID(),
    tankId: crypto.randomUUID(),
    equipmentId: crypto.randomUUID(),
    litres: 42.5,
    meter: 12345,
    dispensedAt: new Date().toISOString(),
    note: '',
    deviceId: DEVICE,
    ...over,
  };
}

export function transfer(over: Partial<InputOf<'transfers'>> = {}): InputOf<'transfers'> {
  return {
    id: crypto.randomUUID(),
    fromTankId: crypto.randomUUID(),
    toTankId: crypto.randomUUID(),
    litres: 500,
    transferredAt: new Date().toISOString(),
    deviceId: DEVICE,
    ...over,
  };
}

export function dip(over: Partial<InputOf<'dips'>> = {}): InputOf<'dips'> {
  return {
    id: crypto.randomUUID(),
    tankId: crypto.randomUUID(),
    productHeightMm: 1250,
    waterHeightMm: 15,
    temperatureC: 18.5,
    dippedAt: new Date().toISOString(),
    deviceId: DEVICE,
    ...over,
  };
}
