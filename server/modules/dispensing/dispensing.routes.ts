import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Rule } from '../../../src/contract/access';
import { API_ROOT } from '../../../src/contract/constants';
import { BatchBody, BatchResponse } from '../../../src/contract/dispensing';
import { recordDeviceSync } from '../diagnostic/device-sync.service';
import { dipHandler } from './dip.handler';
import { dispenseHandler } from './dispense.handler';
import { ingestBatch } from './ingest.service';
import type { KindHandler } from './ingest.types';
import { receiptHandler } from './receipt.handler';
import { transferHandler } from './transfer.handler';
import type { ModuleDeps } from '../deps';
import { webhookEmitter } from '../integrations/webhooks';

/**
 * Batch ingest of field records. The endpoint's rule lets the request in; each record is then
 * checked against its own screen's rule (a FAMS24 dispense needs fams24Basic, a transfer
 * allFamsUser, a manual receipt editor, a manual dip allFamsBasic).
 */
const KINDS: { path: string; rule: Rule; handler: KindHandler<{ id: string }, unknown> }[] = [
  {
    path: 'dispenses',
    rule: 'allFamsBasic',
    handler: dispenseHandler as unknown as KindHandler<{ id: string }, unknown>,
  },
  {
    path: 'transfers',
    rule: 'allFamsUser',
    handler: transferHandler as unknown as KindHandler<{ id: string }, unknown>,
  },
  { path: 'receipts', rule: 'editor', handler: receiptHandler as unknown as KindHandler<{ id: string }, unknown> },
  { path: 'dips', rule: 'allFamsBasic', handler: dipHandler as unknown as KindHandler<{ id: string }, unknown> },
];

export function dispensingRoutes(app: FastifyInstance, { database, boss }: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Webhooks of the stored records (dispense.recorded, delivery.received), in the batch's transaction.
  const events = { emitter: webhookEmitter(boss), extra: { source: 'app' } };
  for (const k of KINDS) {
    r.post(
      `${API_ROOT}/${k.path}/batch`,
      {
        config: { access: k.rule, recordsOneByOne: true },
        bodyLimit: 4 * 1024 * 1024,
        schema: { body: BatchBody, response: { 200: BatchResponse } },
      },
      async (req) => {
        // A field device's outbox: the token's user recorded these records (ADR 076).
        const results = await ingestBatch(database, k.handler, req.auth, req.body.records, events, {
          fromDevice: true,
        });
        // The device's sync report (X-FAMS-Device …): one upsert per request, never fails the batch.
        await recordDeviceSync(database.db, req.auth, k.path, req.body.records.length, req.headers, req.log);
        return { results };
      },
    );
  }
}
