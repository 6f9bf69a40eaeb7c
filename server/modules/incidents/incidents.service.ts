import crypto from 'node:crypto';
import {
  INCIDENT_ERRORS,
  INCIDENT_STEPS,
  MAX_PHOTOS,
  type Incident,
  type IncidentStep,
} from '../../../src/contract/incidents';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import { resourceService, type Actor } from '../../lib/resource';
import { resourceRepository } from '../../lib/resource/repository';
import { staleError } from '../../lib/resource/errors';
import { incidentsRepository } from './incidents.repository';
import { incidentsResource, stateError } from './incidents.resource';
import { extOf, processPhoto } from './photos';

const missing = () => notFound('No such incident in this account.');
const folder = (incidentId: string) => `incidents/${incidentId}`;

/**
 * Incidents: the resource service (list, export, get, create, update, delete, restore) plus the
 * workflow steps and photos. Every change runs in one transaction with its audit entry; photo
 * bytes go to the file store inside that transaction's lifetime and are removed again when it
 * fails, so a refused or failed upload leaves neither a row nor a file.
 */
export function incidentsService(db: Db, files: FileStore) {
  const base = resourceService(db, incidentsResource);
  const rowIn = async (tx: Tx, actor: Actor, id: string): Promise<Incident> => {
    const raw = await resourceRepository(tx, incidentsResource).byId(actor, id);
    return incidentsResource.toRow(raw as never);
  };

  /** Locks a live incident (404 otherwise) and checks the version the client saw (409 `stale`). */
  async function lockLive(tx: Tx, actor: Actor, id: string, version?: number) {
    const repo = incidentsRepository(tx, actor.accountId);
    const cur = await repo.lockState(id);
    if (!cur || cur.deleted) throw missing();
    if (version !== undefined && cur.version !== version) throw staleError(await rowIn(tx, actor, id));
    return { repo, cur };
  }

  return {
    ...base,

    /** start / close / reopen from the states INCIDENT_STEPS allows; anything else is 409. */
    async step(actor: Actor, id: string, step: IncidentStep, version: number): Promise<Incident> {
      const rule = INCIDENT_STEPS[step];
      return db.transaction(async (tx) => {
        const { repo, cur } = await lockLive(tx, actor, id, version);
        if (!(rule.from as readonly string[]).includes(cur.status))
          throw stateError(cur.status, step === 'start' ? 'started' : step === 'close' ? 'closed' : 'reopened');
        const before = await rowIn(tx, actor, id);
        await repo.setStatus(id, rule.to, actor.userId);
        const after = await rowIn(tx, actor, id);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: step,
          entity: 'incident',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    /** Deletes the incident (soft, restorable) with its photos: rows now, files after the commit. */
    async remove(actor: Actor, id: string, version: number) {
      const row = await db.transaction(async (tx) => {
        const removed = await base.remove(actor, id, version, { tx });
        await incidentsRepository(tx, actor.accountId).deletePhotos(id);
        return removed;
      });
      await files.removePrefix(actor.accountId, folder(id));
      return row;
    },

    async addPhoto(actor: Actor, incidentId: string, body: Buffer): Promise<Incident> {
      const photo = await processPhoto(body);
      const photoId = crypto.randomUUID();
      const fileKey = `${folder(incidentId)}/${photoId}.${extOf(photo.contentType)}`;
      const thumbKey = `${folder(incidentId)}/${photoId}-thumb.jpg`;
      try {
        return await db.transaction(async (tx) => {
          const { repo, cur } = await lockLive(tx, actor, incidentId);
          if (cur.status === 'closed') throw stateError('closed', 'given new photos; reopen it first');
          if ((await repo.photoCount(incidentId)) >= MAX_PHOTOS)
            throw new AppError(409, INCIDENT_ERRORS.photo, `An incident keeps at most ${MAX_PHOTOS} photos.`);
          await files.put(actor.accountId, fileKey, photo.data);
          await files.put(actor.accountId, thumbKey, photo.thumb);
          const meta = {
            contentType: photo.contentType,
            bytes: photo.data.length,
            width: photo.width,
            height: photo.height,
          };
          // Photos are their own records (audited one by one); the incident's version guards its fields.
          await repo.insertPhoto({ id: photoId, incidentId, fileKey, thumbKey, createdBy: actor.userId, ...meta });
          await audit(tx, {
            accountId: actor.accountId,
            userId: actor.userId,
            action: 'create',
            entity: 'incident_photo',
            entityId: photoId,
            after: { incidentId, ...meta },
          });
          return rowIn(tx, actor, incidentId);
        });
      } catch (e) {
        await Promise.all([files.remove(actor.accountId, fileKey), files.remove(actor.accountId, thumbKey)]);
        throw e;
      }
    },

    async removePhoto(actor: Actor, incidentId: string, photoId: string): Promise<Incident> {
      const { row, keys } = await db.transaction(async (tx) => {
        const { repo } = await lockLive(tx, actor, incidentId);
        const p = await repo.photo(incidentId, photoId);
        if (!p) throw notFound('No such photo of this incident.');
        await repo.deletePhoto(photoId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'delete',
          entity: 'incident_photo',
          entityId: photoId,
          before: { incidentId, contentType: p.contentType, bytes: p.bytes, width: p.width, height: p.height },
        });
        return { row: await rowIn(tx, actor, incidentId), keys: [p.fileKey, p.thumbKey] };
      });
      await Promise.all(keys.map((k) => files.remove(actor.accountId, k)));
      return row;
    },

    /** A photo's bytes, only from the actor's account (the row and the file store both check it). */
    async photoFile(actor: Actor, incidentId: string, photoId: string, thumb: boolean) {
      const p = await incidentsRepository(db, actor.accountId).photo(incidentId, photoId);
      if (!p) throw notFound('No such photo.');
      const data = await files.get(actor.accountId, thumb ? p.thumbKey : p.fileKey);
      if (!data) throw notFound('The photo file is missing.');
      return { data, contentType: thumb ? 'image/jpeg' : p.contentType };
    },
  };
}
export type IncidentsService = ReturnType<typeof incidentsService>;
