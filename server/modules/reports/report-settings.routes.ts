import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../../src/contract/constants';
import { REPORT_IDS } from '../../../src/contract/report-catalog';
import {
  CatalogueList,
  CatalogueRow,
  CatalogueUpdate,
  REPORT_CATALOGUE_PATH,
  REPORT_SETTINGS_PATH,
  ReportSettingList,
  ReportSettingRow,
  ReportSettingUpdate,
} from '../../../src/contract/report-settings';
import { screenFor } from '../../../src/contract/screens';
import type { Db } from '../../db/client';
import { reportSettingsService } from './report-settings.service';

const IdParams = z.object({ id: z.enum(REPORT_IDS, { error: 'There is no such report' }) });

/**
 * `/StandardReportListBold` (the account's admin: hide, rename, defaults) and
 * `/StandardReportAdminList` (ThebigBoss: the global catalogue per account type), ADR 035.
 */
export function reportSettingsRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = reportSettingsService(db);
  const admin = screenFor('/StandardReportListBold')!.rule;
  const boss = screenFor('/StandardReportAdminList')!.rule;

  r.get(
    `${API_ROOT}${REPORT_SETTINGS_PATH}`,
    { config: { access: admin }, schema: { response: { 200: ReportSettingList } } },
    async (req) => ({ reports: await svc.list(req.auth.accountId) }),
  );
  r.put(
    `${API_ROOT}${REPORT_SETTINGS_PATH}/:id`,
    {
      config: { access: admin },
      schema: { params: IdParams, body: ReportSettingUpdate, response: { 200: ReportSettingRow } },
    },
    async (req) => svc.update({ accountId: req.auth.accountId, userId: req.auth.userId }, req.params.id, req.body),
  );
  r.get(
    `${API_ROOT}${REPORT_CATALOGUE_PATH}`,
    { config: { access: boss }, schema: { response: { 200: CatalogueList } } },
    async () => svc.catalogue(),
  );
  r.put(
    `${API_ROOT}${REPORT_CATALOGUE_PATH}/:id`,
    { config: { access: boss }, schema: { params: IdParams, body: CatalogueUpdate, response: { 200: CatalogueRow } } },
    async (req) =>
      svc.setCatalogue({ accountId: req.auth.accountId, userId: req.auth.userId }, req.params.id, req.body),
  );
}
