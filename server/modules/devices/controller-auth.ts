import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { keyMatches, parseDeviceAuthorization } from '../gauges/keys';
import { fieldDevicesRepository } from './field-devices.repository';

export interface Controller {
  id: string;
  accountId: number;
  storeId: string | null;
  createdBy: number | null;
}

/** Same answer for every way a key can be wrong, so a caller learns nothing about devices. */
const refused = () =>
  new AppError(401, 'device_key_invalid', 'The device key is missing or not valid.', 'Not signed in');

/**
 * The site controller an `Authorization: Device <id>.<key>` header names, if the key is its current
 * one and the device is live, not retired, and a controller (the one device-key scheme of the
 * gauges, keys.ts).
 */
export async function authenticateController(db: Db, header: string | undefined): Promise<Controller> {
  const auth = parseDeviceAuthorization(header);
  if (!auth) throw refused();
  const d = await fieldDevicesRepository(db).byId(auth.deviceId);
  // Hash the presented key even for an unknown device, so timing does not tell them apart.
  const ok = keyMatches(auth.key, d?.keyHash ?? 'x'.repeat(43));
  if (!d || !d.usable || !ok || d.kind !== 'controller') throw refused();
  return { id: d.id, accountId: d.accountId, storeId: d.storeId, createdBy: d.createdBy };
}
