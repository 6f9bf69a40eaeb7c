import {
  CatalogueList,
  CatalogueRow,
  REPORT_CATALOGUE_PATH,
  REPORT_SETTINGS_PATH,
  ReportSettingList,
  ReportSettingRow,
  type CatalogueUpdate,
  type ReportSettingUpdate,
} from '@/contract/report-settings';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

const settings = relative(REPORT_SETTINGS_PATH);
const catalogue = relative(REPORT_CATALOGUE_PATH);

/** `/StandardReportListBold` and `/StandardReportAdminList` (ADR 035). Writes are quiet: the row says the error. */
export const reportSettingsApi = {
  list: (signal?: AbortSignal) => api.get(settings, ReportSettingList, { signal, quiet: true }),
  save: (id: string, body: ReportSettingUpdate) =>
    api.put(`${settings}/${id}`, body, ReportSettingRow, { quiet: true }),
  catalogue: (signal?: AbortSignal) => api.get(catalogue, CatalogueList, { signal, quiet: true }),
  setCatalogue: (id: string, body: CatalogueUpdate) =>
    api.put(`${catalogue}/${id}`, body, CatalogueRow, { quiet: true }),
};
export const SETTINGS_KEY = ['report-settings'] as const;
export const CATALOGUE_KEY = ['report-catalogue'] as const;
