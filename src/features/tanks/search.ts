import { READING_RANGES, type ReadingRange } from '@/contract/tank-ranges';

/** `/TankLevels?storeId&productId&alarms=1&tank=<id>&range=7d`: filters and the open history. */
export interface TankLevelsSearch {
  storeId?: string;
  productId?: string;
  alarms?: '1';
  tank?: string;
  range?: ReadingRange;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined);

export function validateTankLevelsSearch(raw: Record<string, unknown>): TankLevelsSearch {
  const out: TankLevelsSearch = {};
  const storeId = uuid(raw.storeId);
  const productId = uuid(raw.productId);
  const tank = uuid(raw.tank);
  if (storeId) out.storeId = storeId;
  if (productId) out.productId = productId;
  if (tank) out.tank = tank;
  if (raw.alarms === '1' || raw.alarms === 1) out.alarms = '1';
  if (typeof raw.range === 'string' && raw.range in READING_RANGES) out.range = raw.range as ReadingRange;
  return out;
}
