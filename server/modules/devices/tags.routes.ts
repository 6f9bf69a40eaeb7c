import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssignTagBody, RegisterTagsBody, RegisterTagsResponse } from '../../../src/contract/devices-tags';
import { audit } from '../../lib/audit';
import { actorOf, IdParams, registerListRoutes } from '../../lib/resource';
import { screenRules } from '../setup/rules';
import type { ModuleDeps } from '../deps';
import { tagsEndpoint } from './tags.list';
import { tagsRepository } from './tags.repository';
import { assignTag, unassignTag } from './tags.service';

const Ok = z.object({ ok: z.literal(true) });

/** `/ScanTags` (ThebigBoss): the registry list, registering scanned or pasted tags, (un)assigning. */
export function tagsRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const list = tagsEndpoint(db);
  const rule = screenRules('/ScanTags').write;
  registerListRoutes(app, list);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    list.url,
    { config: { access: rule }, schema: { body: RegisterTagsBody, response: { 200: RegisterTagsResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const seen = new Set<string>();
      const once: string[] = [];
      const duplicates: { tag: string; reason: string }[] = [];
      for (const tag of req.body.tags) {
        const k = tag.toLowerCase();
        if (seen.has(k)) duplicates.push({ tag, reason: 'Listed twice' });
        else once.push(tag);
        seen.add(k);
      }
      const created = await db.transaction(async (tx) => {
        const added = await tagsRepository(tx).register(actor.accountId, actor.userId, once);
        if (added.length)
          await audit(tx, {
            accountId: actor.accountId,
            userId: actor.userId,
            action: 'register_tags',
            entity: 'rfid_tag',
            after: { tags: added },
          });
        return added;
      });
      const got = new Set(created.map((t) => t.toLowerCase()));
      for (const tag of once) if (!got.has(tag.toLowerCase())) duplicates.push({ tag, reason: 'Already registered' });
      return { created, duplicates };
    },
  );

  r.post(
    `${list.url}/:id/assign`,
    { config: { access: rule }, schema: { params: IdParams, body: AssignTagBody, response: { 200: Ok } } },
    async (req) => {
      await assignTag(db, actorOf(req), req.params.id, req.body);
      return { ok: true as const };
    },
  );

  r.post(
    `${list.url}/:id/unassign`,
    { config: { access: rule }, schema: { params: IdParams, response: { 200: Ok } } },
    async (req) => {
      await unassignTag(db, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
