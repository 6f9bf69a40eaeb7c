import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  GAUGE_DEVICES_LIST,
  GAUGE_PROTOCOLS,
  GaugeDeviceCreate,
  GaugeDeviceRow,
  GaugeDeviceUpdate,
  type GaugeDevice,
} from '../../../src/contract/gauges';
import { gaugeDevices as d, stores, tanks } from '../../db/schema';
import { defineResource, filter, iso, metaOf } from '../../lib/resource';
import { screenRules } from '../setup/rules';

const storeCode = sql<string | null>`(select ${stores.code} from ${stores} where ${stores.id} = ${d.storeId})`;

/**
 * Gauge devices of `/iotSetup` (the screen's rule guards reading and writing). The poller's state
 * (`last_*`, `failures`, `next_poll_at`) and the push key are not part of the input: the poller and
 * the key rotation write them. Saving a TLS device makes it due at once, so its first poll (or the
 * one after a changed address) does not wait a whole interval.
 */
export const gaugeDevicesResource = defineResource({
  info: GAUGE_DEVICES_LIST,
  table: d,
  rules: screenRules('/iotSetup'),
  schemas: { create: GaugeDeviceCreate, update: GaugeDeviceUpdate, row: GaugeDeviceRow },
  extra: {
    storeCode,
    tankCount: sql<number>`jsonb_array_length(${d.tankMap})`,
  },
  search: [d.name, d.host],
  sort: {
    name: sql`lower(${d.name})`,
    protocol: d.protocol,
    lastContactAt: d.lastContactAt,
    failures: d.failures,
    pollIntervalS: d.pollIntervalS,
  },
  filters: {
    protocol: filter.oneOf(d.protocol, GAUGE_PROTOCOLS),
    enabled: filter.bool(d.enabled),
    storeId: filter.uuid(d.storeId),
  },
  label: sql`${d.name}`,
  unique: { gauge_devices_name_uq: { field: 'name', message: 'Another device already has this name' } },
  references: [{ field: 'storeId', target: stores, label: 'store', constraint: 'gauge_devices_store_fk' }],
  toRow: (r): GaugeDevice => ({
    ...metaOf(r),
    name: r.name,
    storeId: r.storeId,
    storeCode: r.storeCode,
    protocol: r.protocol,
    host: r.host,
    port: r.port,
    pollIntervalS: r.pollIntervalS,
    enabled: r.enabled,
    tankMap: r.tankMap ?? [],
    tankCount: Number(r.tankCount ?? 0),
    keyHint: r.keyHint,
    lastContactAt: iso(r.lastContactAt),
    lastError: r.lastError,
    lastErrorAt: iso(r.lastErrorAt),
    failures: r.failures,
    nextPollAt: iso(r.nextPollAt),
  }),
  toValues: (i) => ({
    name: i.name,
    storeId: i.storeId,
    protocol: i.protocol,
    host: i.protocol === 'tls_tcp' ? i.host : null,
    port: i.protocol === 'tls_tcp' ? i.port : null,
    pollIntervalS: i.pollIntervalS,
    enabled: i.enabled,
    tankMap: i.tankMap,
    nextPollAt: i.protocol === 'tls_tcp' && i.enabled ? new Date() : null,
    // A push device that becomes a polled one gives up its key.
    ...(i.protocol === 'tls_tcp' ? { keyHash: null, keyHint: null } : {}),
  }),
  /** Every mapped tank is a live tank of this account. */
  async validate(tx, input, { actor }) {
    const ids = [...new Set(input.tankMap.map((m) => m.tankId))];
    if (!ids.length) return undefined;
    const found = await tx
      .select({ id: tanks.id })
      .from(tanks)
      .where(and(eq(tanks.accountId, actor.accountId), inArray(tanks.id, ids), isNull(tanks.deletedAt)));
    const ok = new Set(found.map((t) => t.id));
    const errors: Record<string, string[]> = {};
    input.tankMap.forEach((m, i) => {
      if (!ok.has(m.tankId)) errors[`tankMap.${i}.tankId`] = ['Choose an existing tank'];
    });
    return Object.keys(errors).length ? errors : undefined;
  },
});
