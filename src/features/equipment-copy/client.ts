import { CopyPlan, CopyResult, CopyTargets, type CopyRequest } from '@/contract/equipment-copy';
import { SETUP_LISTS } from '@/contract/setup/resources';
import { EquipmentRow } from '@/contract/setup/equipment';
import { api } from '@/lib/api';
import { resourceClient } from '@/lib/resource';

/**
 * The `/Equipmentcopy` calls. Equipment is searched through `/equipment-fams24`: the same rows as
 * `/equipment`, under this screen's rule (fams24Manager), so a FAMS24-only manager can pick too.
 */
export const copyApi = {
  equipment: resourceClient(SETUP_LISTS.equipmentFams24.path, EquipmentRow),
  targets: (signal?: AbortSignal) => api.get('equipment-copy/targets', CopyTargets, { signal, quiet: true }),
  preview: (req: CopyRequest) => api.post('equipment-copy/preview', req, CopyPlan, { quiet: true }),
  copy: (req: CopyRequest) => api.post('equipment-copy', req, CopyResult, { quiet: true }),
};
