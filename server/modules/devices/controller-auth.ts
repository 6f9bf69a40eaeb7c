import type { FieldDeviceKind } from '../../../src/contract/devices';
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
export const deviceRefused = () =>
  new AppError(401, 'device_key_invalid', 'The device key is missing or not valid.', 'Not signed in');

/**
 * The field device of `kind` an `Authorization: Device <id>.<key>` header names, if the key is its
 * current one and the device is live and not retired (the one device-key scheme of the gauges,
 * keys.ts). A revoked handheld or retired controller has no key, so it is refused at once.
 */
export async function authenticateFieldDevice(
  db: Db,
  header: string | undefined,
  kind: FieldDeviceKind,
): Promise<Controller> {
  const auth = parseDeviceAuthorization(header);
  if (!auth) throw deviceRefused();
  const d = await fieldDevicesRepository(db).byId(auth.deviceId);
  // Hash the presented key even for an unknown device, so timing does not tell them apart.
  const ok = keyMatches(auth.key, d?.keyHash ?? 'x'.repeat(43));
  if (!d || !d.usable || !ok || d.kind !== kind) throw deviceRefused();
  return { id: d.id, accountId: d.accountId, storeId: d.storeId, createdBy: d.createdBy };
}

/** The site controller (ADR 040) a device header names. */
export const authenticateController = (db: Db, header: string | undefined) =>
  authenticateFieldDevice(db, header, 'controller');
