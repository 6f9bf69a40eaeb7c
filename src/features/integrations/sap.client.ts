import { SAP_EXPORTS_LIST, SAP_PATH, SapExportRow, SapMapping, SapPreview, type SapPeriod } from '@/contract/sap';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** `/SAP` calls. */
const rel = relative(SAP_PATH);
export const sapExports = resourceClient(SAP_EXPORTS_LIST.path, SapExportRow);
export const getSapMapping = (signal?: AbortSignal) => api.get(`${rel}/mapping`, SapMapping, { signal });
export const saveSapMapping = (body: unknown) => api.put(`${rel}/mapping`, body, SapMapping, { quiet: true });
export const previewSap = (p: SapPeriod, signal?: AbortSignal) =>
  api.get(`${rel}/preview`, SapPreview, { searchParams: { ...p, reExport: String(p.reExport) }, signal, quiet: true });
export const exportSap = (p: SapPeriod) => api.post(relative(SAP_EXPORTS_LIST.path), p, SapExportRow, { quiet: true });
export const downloadSapFile = (row: Pick<SapExportRow, 'id' | 'fileName'>) =>
  api.download(`${relative(SAP_EXPORTS_LIST.path)}/${row.id}/file`, row.fileName, {});
