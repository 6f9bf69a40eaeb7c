import { satisfies } from '../../../src/contract/access';
import {
  COPY_MAX_EQUIPMENT,
  type CopyPlan,
  type CopyRequest,
  type CopyResult,
  type CopyTargets,
} from '../../../src/contract/equipment-copy';
import type { ListQuery } from '../../../src/contract/list';
import { AllocationCreate } from '../../../src/contract/setup/allocations';
import { EquipmentCreate, type Equipment } from '../../../src/contract/setup/equipment';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { fieldError, type Actor } from '../../lib/resource';
import type { SetupServices } from '../setup/setup.services';
import { copyRepository } from './equipment-copy.repository';
import { planCopy, type Source } from './plan';

type Request = Omit<CopyRequest, 'onClash'> & { onClash: 'suffix' | 'skip' };

/** The rule of /Equipmentcopy, also needed in the target account. */
const RULE = 'fams24Manager' as const;

export function copyService(db: Db, services: SetupServices) {
  /** The target account and store; another account only for ThebigBoss and only one they belong to. */
  async function target(x: DbOrTx, actor: Actor, req: Request) {
    const repo = copyRepository(x);
    const accountId = req.targetAccountId ?? actor.accountId;
    const member = (await repo.memberships(actor.userId)).find((m) => m.id === accountId);
    if (accountId !== actor.accountId) {
      if (!actor.roles.includes('ThebigBoss'))
        throw new AppError(403, 'forbidden', 'Only ThebigBoss may copy equipment to another account.');
      if (!member || !satisfies(member.roles, RULE))
        throw new AppError(403, 'forbidden', 'You cannot copy equipment into that account.');
    }
    const store = (await repo.stores(accountId)).find((s) => s.id === req.targetStoreId);
    if (!store) throw fieldError('invalid_reference', { targetStoreId: ['Choose a store of the target account'] });
    return { accountId, accountName: member?.name ?? '', store, sameAccount: accountId === actor.accountId };
  }

  async function sourceRows(actor: Actor, req: Request): Promise<Equipment[]> {
    if (req.equipmentIds?.length) {
      const ids = [...new Set(req.equipmentIds)];
      const found = new Map(
        (await Promise.all(ids.map((id) => services.equipment.get(actor, id).catch(() => null))))
          .filter((r): r is Equipment => !!r && !r.deletedAt)
          .map((r) => [r.id, r]),
      );
      const errors: Record<string, string[]> = {};
      req.equipmentIds.forEach((id, i) => {
        if (!found.has(id)) errors[`equipmentIds.${i}`] = ['No such equipment in this account'];
      });
      if (Object.keys(errors).length) throw fieldError('invalid_reference', errors);
      return [...found.values()];
    }
    const f = req.filter ?? {};
    const query = { page: 1, pageSize: 25, sort: 'fleetNo', ...(f.q ? { q: f.q } : {}) } as ListQuery;
    for (const k of ['typeId', 'costCentreId', 'homeStoreId'] as const) if (f[k]) query[`f.${k}`] = f[k];
    const out: Equipment[] = [];
    for await (const chunk of services.equipment.exportChunks(actor, query, [])) {
      out.push(...chunk);
      if (out.length > COPY_MAX_EQUIPMENT)
        throw fieldError('too_many', {
          filter: [`More than ${COPY_MAX_EQUIPMENT} equipment match: narrow the filter`],
        });
    }
    if (!out.length) throw fieldError('validation', { filter: ['No equipment matches the filter'] });
    return out;
  }

  async function plan(x: DbOrTx, actor: Actor, req: Request) {
    const t = await target(x, actor, req);
    const rows = await sourceRows(actor, req);
    const repo = copyRepository(x);
    const ids = rows.map((r) => r.id);
    const codes = await repo.codesOf(actor.accountId, ids);
    const allocs = await repo.allocationsOf(actor.accountId, ids);
    const sources: Source[] = rows.map((row) => ({
      row,
      typeCode: codes.find((c) => c.id === row.id)?.typeCode ?? null,
      costCentreCode: codes.find((c) => c.id === row.id)?.costCentreCode ?? null,
      allocations: allocs.filter((a) => a.allocation.equipmentId === row.id),
    }));
    return { t, ...(await planCopy(repo, sources, t, req.onClash)) };
  }

  return {
    async targets(actor: Actor): Promise<CopyTargets> {
      const repo = copyRepository(db);
      const all = await repo.memberships(actor.userId);
      const allowed = all.filter(
        (m) => m.id === actor.accountId || (actor.roles.includes('ThebigBoss') && satisfies(m.roles, RULE)),
      );
      return {
        accounts: await Promise.all(
          allowed.map(async (m) => ({
            id: m.id,
            name: m.name,
            current: m.id === actor.accountId,
            stores: await repo.stores(m.id),
          })),
        ),
      };
    },

    async preview(actor: Actor, req: Request): Promise<CopyPlan> {
      return (await plan(db, actor, req)).plan;
    },

    /** Everything in one transaction: a copy that fails leaves nothing behind. */
    async copy(actor: Actor, req: Request): Promise<CopyResult> {
      return db.transaction(async (tx) => {
        const { t, plan: p, copies } = await plan(tx, actor, req);
        const into: Actor = { ...actor, accountId: t.accountId };
        const created: CopyResult['created'] = [];
        for (const c of copies) {
          const name = String(c.equipment.fleetNo);
          try {
            const row = await services.equipment.create(into, EquipmentCreate.parse(c.equipment), { tx });
            for (const a of c.allocations)
              await services.allocations.create(into, AllocationCreate.parse({ ...a, equipmentId: row.id }), { tx });
            created.push({ sourceId: c.sourceId, id: row.id, fleetNo: row.fleetNo });
          } catch (e) {
            const why = e instanceof Error ? e.message : String(e);
            throw new AppError(422, 'copy_failed', `Copying ${name} failed: ${why} Nothing was copied.`);
          }
        }
        const entry = {
          action: 'copy',
          entity: 'equipment_copy',
          userId: actor.userId,
          after: { from: actor.accountId, to: t.accountId, store: t.store.id, created },
        };
        const repo = copyRepository(tx);
        await repo.audit({ ...entry, accountId: t.accountId });
        if (!t.sameAccount) await repo.audit({ ...entry, accountId: actor.accountId });
        return { ...p, created };
      });
    },
  };
}
