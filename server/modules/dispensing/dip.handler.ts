import { satisfies } from '../../../src/contract/access';
import { DipInput } from '../../../src/contract/dispensing';
import { ReadingError, storeReadings } from '../gauges/readings.service';
import { tanksRepository } from '../tanks/tanks.repository';
import { RecordError, repoOf, type KindHandler } from './ingest.types';

type Dip = ReturnType<typeof DipInput.parse>;
/** The reading store's field names → the dip form's (a volume comes from the dip's height). */
const DIP_FIELD: Record<string, string> = { readAt: 'dippedAt', grossLitres: 'productHeightMm' };
/** Filled by `insertAll` (the reading store raises the exceptions as it stores), read by `effectsAll`. */
type Refs = { exceptions: string[] };

/**
 * A manual dip from the offline outbox (issue 5, source 3): stored as a tank reading with source
 * `dip` through THE reading store (height → volume by the strapping chart, 15 °C, ullage, level
 * exceptions), under the device's id so the outbox's replay is recognised like a dispense's. A dip
 * moves no stock: it measures it.
 *
 * Unlike the other kinds, dips are stored one by one within the batch (ADR 016): the reading store
 * raises a tank's level alarms from the newest reading of each call, so one call per dip keeps the
 * alarms each dip would have raised on its own. Manual dips are a few a day per tank.
 */
export const dipHandler: KindHandler<Dip, Refs> = {
  entity: 'tank_dip',
  schema: DipInput,
  /** Any FAMS or FAMS24 user may dip a tank. */
  allowed: (roles) => satisfies(roles, 'allFamsBasic'),
  storedHashes: (ctx, ids) => tanksRepository(ctx.tx, ctx.auth.accountId).dipHashes([...ids]),
  async prepareAll(ctx, records) {
    const { tanks } = await repoOf(ctx).references({ tanks: records.map((d) => d.tankId) });
    return records.map((d) =>
      tanks.has(d.tankId) ? { exceptions: [] } : new RecordError(422, 'Unknown tank.', { tankId: ['Unknown tank'] }),
    );
  },
  async insertAll(ctx, items) {
    const inserted = new Set<string>();
    const refused = new Map<string, RecordError>();
    const tanks = tanksRepository(ctx.tx, ctx.auth.accountId);
    for (const { record: d, refs, hash } of items) {
      // One dip per tank and instant is kept; a second device's dip at the very same time is refused, not merged.
      if (await tanks.otherReadingAt(d.tankId, 'dip', new Date(d.dippedAt), d.id)) {
        refused.set(
          d.id,
          new RecordError(422, 'Another dip of this tank at the same time is already stored.', {
            dippedAt: ['Another dip of this tank has this exact time'],
          }),
        );
        continue;
      }
      try {
        const [stored] = await storeReadings(ctx.tx, ctx.auth.accountId, [
          {
            id: d.id,
            tankId: d.tankId,
            readAt: new Date(d.dippedAt),
            source: 'dip',
            productHeightMm: d.productHeightMm,
            waterHeightMm: d.waterHeightMm,
            temperatureC: d.temperatureC,
            payloadHash: hash,
            deviceId: d.deviceId,
            note: d.note,
            createdBy: ctx.auth.userId,
          },
        ]);
        refs.exceptions = stored.exceptions;
        if (stored.status === 'created') inserted.add(d.id);
      } catch (e) {
        // The reading store checks before it writes (and runs in its own savepoint): nothing of
        // this record is stored, so it can still be refused.
        if (!(e instanceof ReadingError)) throw e;
        refused.set(d.id, new RecordError(422, e.message, { [DIP_FIELD[e.field] ?? e.field]: [e.message] }));
      }
    }
    return { inserted, refused };
  },
  async effectsAll(_ctx, items) {
    return items.map((it) => it.refs.exceptions);
  },
};
