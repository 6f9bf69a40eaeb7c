import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  COMMAND_ANSWER_TIMEOUT_S,
  COMMAND_DELIVERY_TIMEOUT_S,
  type CommandStatus,
  type DeviceCommandKind,
} from '../../../src/contract/devices';
import type { Db, DbOrTx } from '../../db/client';
import { deviceCommands as c, fieldDevices } from '../../db/schema';

/** Controller commands and their state machine (queued → delivered → acknowledged | failed, or expired). */
export function commandsRepository(db: DbOrTx) {
  return {
    /** The account's live, not retired site controllers among `ids`. */
    async controllers(accountId: number, ids: readonly string[]) {
      return db
        .select({ id: fieldDevices.id })
        .from(fieldDevices)
        .where(
          and(
            eq(fieldDevices.accountId, accountId),
            inArray(fieldDevices.id, [...ids]),
            eq(fieldDevices.kind, 'controller'),
            isNull(fieldDevices.deletedAt),
            isNull(fieldDevices.retiredAt),
          ),
        );
    },

    async queue(
      accountId: number,
      userId: number,
      batchId: string,
      deviceIds: readonly string[],
      kind: DeviceCommandKind,
      params: Record<string, unknown>,
    ) {
      return db
        .insert(c)
        .values(
          deviceIds.map((deviceId) => ({
            accountId,
            deviceId,
            batchId,
            kind,
            params,
            createdBy: userId,
            expiresAt: sql`now() + make_interval(secs => ${COMMAND_DELIVERY_TIMEOUT_S})`,
          })),
        )
        .returning({ id: c.id });
    },

    /**
     * The device's open commands, oldest first; the queued ones become delivered (with the answer
     * time-out from now). A delivered one is handed out again until answered: a controller that
     * lost the answer to its fetch must not lose the command.
     */
    async deliver(accountId: number, deviceId: string) {
      const res = await (db as Db).execute<{
        id: string;
        kind: DeviceCommandKind;
        params: Record<string, unknown>;
        expires_at: Date | string;
        created_at: Date | string;
      }>(sql`
        update ${c} set
          status = 'delivered',
          delivered_at = coalesce(delivered_at, now()),
          expires_at = case when status = 'queued'
            then now() + make_interval(secs => ${COMMAND_ANSWER_TIMEOUT_S}) else expires_at end
        where account_id = ${accountId} and device_id = ${deviceId}
          and status in ('queued', 'delivered') and expires_at > now()
        returning id, kind, params, expires_at, created_at`);
      return res.rows
        .sort((a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)))
        .map((r) => ({ id: r.id, kind: r.kind, params: r.params, expiresAt: new Date(r.expires_at).toISOString() }));
    },

    /** The device's answer to a delivered (or still queued) command; undefined if it is not open. */
    async answer(
      accountId: number,
      deviceId: string,
      id: string,
      ok: boolean,
      message: string,
    ): Promise<CommandStatus | undefined> {
      const [row] = await db
        .update(c)
        .set({
          status: ok ? 'acknowledged' : 'failed',
          answer: message || null,
          answeredAt: sql`now()`,
          deliveredAt: sql`coalesce(${c.deliveredAt}, now())`,
        })
        .where(
          and(
            eq(c.accountId, accountId),
            eq(c.deviceId, deviceId),
            eq(c.id, id),
            inArray(c.status, ['queued', 'delivered']),
            sql`${c.expiresAt} > now()`,
          ),
        )
        .returning({ status: c.status });
      return row?.status;
    },

    async statusOf(accountId: number, deviceId: string, id: string): Promise<CommandStatus | undefined> {
      const [row] = await db
        .select({ status: c.status })
        .from(c)
        .where(and(eq(c.accountId, accountId), eq(c.deviceId, deviceId), eq(c.id, id)));
      return row?.status;
    },

    /**
     * Open commands past their time-out expire: every account's (the sweep job, each minute), or one
     * account's before its history is read, so the list never shows a command open past its time.
     */
    async expireDue(accountId?: number): Promise<number> {
      const res = await (db as Db).execute(sql`
        update ${c} set status = 'expired', answer = case when status = 'queued'
          then 'Not fetched by the controller in time' else 'No answer from the controller in time' end
        where status in ('queued', 'delivered') and expires_at <= now()
          ${accountId === undefined ? sql`` : sql`and account_id = ${accountId}`}`);
      return res.rowCount ?? 0;
    },

    /** A retired device's open commands expire at once. */
    async expireOfDevice(accountId: number, deviceId: string) {
      await db
        .update(c)
        .set({ status: 'expired', answer: 'The controller was retired' })
        .where(and(eq(c.accountId, accountId), eq(c.deviceId, deviceId), inArray(c.status, ['queued', 'delivered'])));
    },
  };
}
