import { MAX_TAGS } from '../../../src/contract/setup/equipment';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { tagRegistry } from '../setup/tag-registry.repository';
import { tagsRepository } from './tags.repository';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Assigning a registered tag (`/ScanTags`): to an equipment (one more of its tags, at most
 * MAX_TAGS) or an employee (their one tag, replacing any other), through the same tag registry as
 * the equipment and employee forms, in one transaction with its audit entry. A tag another holder
 * has is refused (422): unassign it first.
 */
export async function assignTag(
  db: Db,
  actor: Actor,
  id: string,
  target: { equipmentId?: string | null; employeeId?: string | null },
) {
  await db.transaction(async (tx) => {
    const repo = tagsRepository(tx);
    const t = await repo.byId(actor.accountId, id);
    if (!t) throw notFound('No such tag.');
    const holder = await repo.holderOf(actor.accountId, t.tag);
    const targetId = target.equipmentId ?? target.employeeId!;
    if (holder?.id === targetId) return;
    if (holder) throw unprocessable('tag_assigned', `Tag ${t.tag} is already assigned. Unassign it first.`);
    const registry = tagRegistry(tx);
    if (target.equipmentId) {
      const e = await repo.equipmentForUpdate(actor.accountId, target.equipmentId);
      if (!e) throw unprocessable('invalid_reference', 'Choose an existing equipment.', { equipmentId: ['Not found'] });
      if (e.tags.length >= MAX_TAGS)
        throw unprocessable('too_many_tags', `${e.fleetNo} already has ${MAX_TAGS} tags.`, {
          equipmentId: [`At most ${MAX_TAGS} tags`],
        });
      const tags = [...e.tags, t.tag];
      await repo.setEquipmentTags(actor.accountId, e.id, tags, actor.userId);
      if ((await registry.sync(actor.accountId, 'equipment', e.id, tags)).length)
        throw unprocessable('tag_assigned', `Tag ${t.tag} was assigned meanwhile.`);
    } else {
      const m = await repo.employeeForUpdate(actor.accountId, target.employeeId!);
      if (!m) throw unprocessable('invalid_reference', 'Choose an existing employee.', { employeeId: ['Not found'] });
      await repo.setEmployeeTag(actor.accountId, m.id, t.tag, actor.userId);
      if ((await registry.sync(actor.accountId, 'employee', m.id, [t.tag])).length)
        throw unprocessable('tag_assigned', `Tag ${t.tag} was assigned meanwhile.`);
    }
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'assign_tag',
      entity: 'rfid_tag',
      entityId: t.id,
      before: holder ?? null,
      after: { tag: t.tag, ...target },
    });
  });
}

/** Takes a tag from its holder (the tag stays registered, unassigned). */
export async function unassignTag(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const repo = tagsRepository(tx);
    const t = await repo.byId(actor.accountId, id);
    if (!t) throw notFound('No such tag.');
    const holder = await repo.holderOf(actor.accountId, t.tag);
    if (!holder) return;
    const registry = tagRegistry(tx);
    if (holder.kind === 'equipment') {
      const e = await repo.equipmentForUpdate(actor.accountId, holder.id);
      const tags = (e?.tags ?? []).filter((x) => !same(x, t.tag));
      await repo.setEquipmentTags(actor.accountId, holder.id, tags, actor.userId);
      await registry.sync(actor.accountId, 'equipment', holder.id, tags);
    } else {
      await repo.setEmployeeTag(actor.accountId, holder.id, null, actor.userId);
      await registry.sync(actor.accountId, 'employee', holder.id, []);
    }
    await audit(tx, {
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'unassign_tag',
      entity: 'rfid_tag',
      entityId: t.id,
      before: holder,
      after: null,
    });
  });
}
