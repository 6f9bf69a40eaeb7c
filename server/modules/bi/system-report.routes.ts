import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { screenFor } from '../../../src/contract/screens';
import { SystemReport, SystemReportQuery } from '../../../src/contract/system-report';
import type { Db } from '../../db/client';
import { systemReportRepository } from './system-report.repository';

/** `GET /system-report`: `/SystemReport`'s figures (ThebigBoss: across every account, by design). */
export function systemReportRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = systemReportRepository(db);
  r.get(
    `${API_ROOT}/system-report`,
    {
      config: { access: screenFor('/SystemReport')!.rule },
      schema: { querystring: SystemReportQuery, response: { 200: SystemReport } },
    },
    async (req) => {
      const { days } = req.query;
      const [recordsByDay, accounts, staleDevices, failedJobs] = await Promise.all([
        repo.recordsByDay(days),
        repo.accounts(days),
        repo.staleDevices(days),
        repo.failedJobs(days),
      ]);
      return { days, generatedAt: new Date().toISOString(), recordsByDay, accounts, staleDevices, failedJobs };
    },
  );
}
