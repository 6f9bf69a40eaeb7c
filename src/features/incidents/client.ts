import { INCIDENTS_LIST, IncidentRow, photoPath, type Incident, type IncidentStep } from '@/contract/incidents';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

const rel = relative(INCIDENTS_LIST.path);

/** `/incidents`: the resource calls plus the workflow steps and photos. */
export const incidentsClient = {
  ...resourceClient(INCIDENTS_LIST.path, IncidentRow),
  step: (id: string, step: IncidentStep, version: number): Promise<Incident> =>
    api.post(`${rel}/${id}/${step}`, { version }, IncidentRow, { quiet: true }),
  /** The image itself as the body; the server checks its content, size and makes the thumbnail. */
  addPhoto: (id: string, file: Blob): Promise<Incident> =>
    api.upload(`${rel}/${id}/photos`, file, IncidentRow, { quiet: true }),
  removePhoto: (id: string, photoId: string): Promise<Incident> =>
    api.delete(`${rel}/${id}/photos/${photoId}`, IncidentRow, { quiet: true }),
  /** A photo's bytes (the route checks the account, so it is fetched with the session, not an <img src>). */
  photo: async (id: string, photoId: string, size: 'full' | 'thumb', signal?: AbortSignal): Promise<Blob> =>
    (await api.download(relative(photoPath(id, photoId, size)), 'photo', { signal, quiet: true })).blob,
};
