import { DELIVERY_MATCH_TOLERANCE, DELIVERY_MATCH_WINDOW_MS, gaugeDedupeKey } from '../../../src/contract/gauges';
import type { DbOrTx } from '../../db/client';
import type { WebhookEmitter } from '../integrations/webhooks';
import { deliveriesRepository, type GaugeDeliveryInsert } from './deliveries.repository';

export const deliveryTolerance = (litres: number) =>
  Math.max(DELIVERY_MATCH_TOLERANCE.minLitres, Math.abs(litres) * DELIVERY_MATCH_TOLERANCE.fraction);

/**
 * Stores the deliveries a gauge reported and settles the open ones of its tanks: a delivery is
 * matched to the receipt recorded for it (same tank, within ±2 h, litres within tolerance). One
 * without a receipt is given up on only when the 2 h a driver has to record it are over; then
 * `unmatched_delivery` is raised — once: the delivery is settled, so a resolved exception stays
 * resolved. Each new delivery is a `delivery.received` webhook event (`source: 'gauge'`, the same
 * fields as a receipt's, ADR 057), written in the caller's transaction when `events` is given.
 * Returns the number of new deliveries and the exception codes raised.
 */
export async function storeGaugeDeliveries(
  db: DbOrTx,
  accountId: number,
  rows: GaugeDeliveryInsert[],
  tankIds: string[],
  now: Date,
  events?: WebhookEmitter,
) {
  const repo = deliveriesRepository(db, accountId);
  const stored = await repo.insert(rows);
  if (events && stored.length)
    await events.emit(
      db,
      accountId,
      'delivery.received',
      stored.map((d) => ({
        id: d.id,
        tankId: d.tankId,
        supplier: null,
        deliveryNote: null,
        litres: d.litres,
        receivedAt: d.endedAt.toISOString(),
        dipBeforeMm: null,
        dipAfterMm: null,
        temperatureC: null,
        deviceId: null,
        source: 'gauge',
        gaugeDeviceId: d.gaugeDeviceId,
        startedAt: d.startedAt.toISOString(),
        startLitres: d.startLitres,
        endLitres: d.endLitres,
        netLitres15: d.netLitres15,
      })),
    );
  const raised: string[] = [];
  for (const d of await repo.unsettled(tankIds)) {
    const receiptId = await repo.matchingReceipt(d, DELIVERY_MATCH_WINDOW_MS, deliveryTolerance(d.litres));
    if (receiptId) {
      await repo.settle(d.id, receiptId, now);
      continue;
    }
    if (now.getTime() - d.endedAt.getTime() < DELIVERY_MATCH_WINDOW_MS) continue;
    await repo.settle(d.id, null, now);
    await repo.raise({
      code: 'unmatched_delivery',
      severity: 'warning',
      entity: 'gauge_delivery',
      entityId: d.id,
      storeId: d.storeId,
      tankId: d.tankId,
      dedupeKey: gaugeDedupeKey('unmatched_delivery', d.id),
      message: `The gauge saw ${Math.round(d.litres).toLocaleString('en-US')} L delivered into tank ${d.tankCode} at ${d.endedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, but no receipt matches it`,
      details: {
        startedAt: d.startedAt.toISOString(),
        endedAt: d.endedAt.toISOString(),
        litres: d.litres,
        gaugeDeviceId: d.gaugeDeviceId,
      },
    });
    raised.push('unmatched_delivery');
  }
  return { created: stored.length, raised };
}
