import { sql } from 'drizzle-orm';
import { STALE_DEVICE_INTERVALS, STALE_READING_MS } from '../../../src/contract/gauges';
import type { Db } from '../../db/client';

/**
 * `stale_gauge`, set-based over every account (the job runs for the whole system):
 *  - a device (polled or pushing) not heard from for more than 3 of its intervals;
 *  - a tank mapped on a device that does talk, whose newest reading (any source) is older than
 *    the account's stale-gauge hours (exception rules, default 2 h) or 3 intervals, whichever is
 *    longer — the console answers but not for that tank (probe fault, wrong tank number). A
 *    silent device's tanks are not raised one by one as well.
 * One open exception per device or tank (dedupe key); nothing is resolved automatically.
 */
export async function raiseStaleGauges(db: Db, now: Date): Promise<{ devices: number; tanks: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const silentFor = sql`make_interval(secs => ${STALE_DEVICE_INTERVALS} * g.poll_interval_s)`;
  // The account's "stale gauge" hours (exception rules, ADR 027), else the default 2 h.
  const defaultHours = STALE_READING_MS / 3_600_000;
  const staleAfter = sql`coalesce((er.rules ->> 'staleGaugeHours')::float8, ${defaultHours}) * interval '1 hour'`;
  const devices = await db.execute(sql`
    insert into exceptions (account_id, code, severity, entity, entity_id, store_id, message, details, dedupe_key)
    select g.account_id, 'stale_gauge', 'warning', 'gauge_device', g.id, g.store_id,
      format('Gauge %s has not been heard from since %s', g.name,
        coalesce(to_char(g.last_contact_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC', 'it was set up')),
      jsonb_build_object('lastContactAt', g.last_contact_at, 'pollIntervalS', g.poll_interval_s, 'lastError', g.last_error),
      'stale_gauge:' || g.id
    from gauge_devices g
    where g.deleted_at is null and g.enabled and coalesce(g.last_contact_at, g.created_at) < ${at} - ${silentFor}
    on conflict do nothing`);
  const tanks = await db.execute(sql`
    insert into exceptions (account_id, code, severity, entity, entity_id, store_id, tank_id, message, details, dedupe_key)
    select t.account_id, 'stale_gauge', 'warning', 'tank', t.id, t.store_id, t.id,
      format('Tank %s (%s) has had no reading since %s although gauge %s answers', t.code, t.name,
        coalesce(to_char(lr.last at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC', 'it was mapped'), g.name),
      jsonb_build_object('lastReadingAt', lr.last, 'gaugeDeviceId', g.id),
      'stale_gauge:' || t.id
    from gauge_devices g
    cross join lateral jsonb_array_elements(g.tank_map) m
    join tanks t on t.account_id = g.account_id and t.id = (m ->> 'tankId')::uuid and t.deleted_at is null
    left join lateral (select max(r.read_at) as last from tank_readings r where r.account_id = t.account_id and r.tank_id = t.id) lr on true
    left join exception_rules er on er.account_id = t.account_id
    where g.deleted_at is null and g.enabled
      and coalesce(g.last_contact_at, g.created_at) >= ${at} - ${silentFor}
      and coalesce(lr.last, g.created_at) < ${at} - greatest(${staleAfter}, ${silentFor})
    on conflict do nothing`);
  return { devices: devices.rowCount ?? 0, tanks: tanks.rowCount ?? 0 };
}
