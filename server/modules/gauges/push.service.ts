import type { PushBody, PushResponse } from '../../../src/contract/gauges';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { devicesRepository } from './devices.repository';
import { keyMatches, parseDeviceAuthorization } from './keys';
import { ReadingError, storeReadings, type ReadingInput } from './readings.service';

export interface PushDevice {
  id: string;
  accountId: number;
  tankMap: { tankNumber: number; tankId: string }[];
}

/** Same answer for every way a key can be wrong, so a caller learns nothing about devices. */
const refused = () =>
  new AppError(401, 'device_key_invalid', 'The device key is missing or not valid.', 'Not signed in');

export function pushService(db: Db) {
  return {
    /** The device an `Authorization: Device <id>.<key>` header names, if the key is its current one. */
    async authenticate(header: string | undefined): Promise<PushDevice> {
      const auth = parseDeviceAuthorization(header);
      if (!auth) throw refused();
      const d = await devicesRepository(db).pushDevice(auth.deviceId);
      // Hash the presented key even for an unknown device, so timing does not tell them apart.
      const ok = keyMatches(auth.key, d?.keyHash ?? 'x'.repeat(43));
      if (!d || !d.usable || !ok) throw refused();
      return { id: d.id, accountId: d.accountId, tankMap: d.tankMap };
    },

    /**
     * Readings a gateway pushed: its tank numbers → the mapped tanks, stored through the reading
     * store (source `gauge`) in one transaction. An unmapped tank number or a reading the store
     * refuses fails the whole request with a field error naming the reading; nothing is stored.
     */
    async push(device: PushDevice, body: z.output<typeof PushBody>): Promise<PushResponse> {
      const tankOf = new Map(device.tankMap.map((m) => [m.tankNumber, m.tankId]));
      const errors: Record<string, string[]> = {};
      const inputs: ReadingInput[] = [];
      body.readings.forEach((r, i) => {
        const tankId = tankOf.get(r.tankNumber);
        if (!tankId) {
          errors[`readings.${i}.tankNumber`] = [`Tank number ${r.tankNumber} is not mapped on this device`];
          return;
        }
        inputs.push({
          tankId,
          readAt: new Date(r.readAt),
          source: 'gauge',
          gaugeDeviceId: device.id,
          productHeightMm: r.productHeightMm,
          waterHeightMm: r.waterHeightMm,
          temperatureC: r.temperatureC,
          grossLitres: r.grossLitres,
        });
      });
      if (Object.keys(errors).length) throw badRequest('Some readings name tanks this device does not map.', errors);
      try {
        const out = await db.transaction(async (tx) => {
          const stored = await storeReadings(tx, device.accountId, inputs);
          await devicesRepository(tx).touchContact(device.accountId, device.id, new Date());
          return stored;
        });
        return {
          created: out.filter((r) => r.status === 'created').length,
          duplicates: out.filter((r) => r.status === 'duplicate').length,
          exceptions: [...new Set(out.flatMap((r) => r.exceptions))].sort(),
        };
      } catch (e) {
        if (e instanceof ReadingError)
          throw badRequest(
            `Reading ${e.index + 1} cannot be stored: ${e.message}`,
            e.fieldErrors(`readings.${e.index}.`),
          );
        throw e;
      }
    },
  };
}
export type PushService = ReturnType<typeof pushService>;
