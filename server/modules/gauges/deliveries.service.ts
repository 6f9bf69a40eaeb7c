import { DELIVERY_MATCH_TOLERANCE, DELIVERY_MATCH_WINDOW_MS, gaugeDedupeKey } from '../../../src/contract/gauges';
import type { DbOrTx } from '../../db/client';
import { deliveriesRepository, type GaugeDeliveryInsert } from './deliveries.repository';

export const deliveryTolerance = (litres: number) =>
  Math.max(DELIVERY_MATCH_TOLERANCE.minLitres, Math.abs(litres) * DELIVERY_MATCH_TOLERANCE.fraction);

/**
 * Stores the deliveries a gauge reported and settles the open ones of its tanks: a delivery is
 * matched to the receipt recorded for it (same tank, within ±2 h, litres within tolerance). One
 * without a receipt is given up on only when the 2 h a driver has to record it are over; then
 * `unmatched_delivery` is raised — once: the delivery is settled, so a resolved exception stays
 * resolved. Returns the number of new deliveries and the exception codes raised.
 */
export async function storeGaugeDeliveries(
  db: DbOrTx,
  accountId: number,
  rows: GaugeDeliveryInsert[],
  tankIds: string[],
  now: Date,
) {
  const repo = deliveriesRepository(db, accountId);
  const created = await repo.insert(rows);
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
  return { created, raised };
}
