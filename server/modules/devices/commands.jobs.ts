import type { Jobs } from '../../lib/jobs';
import { commandsRepository } from './commands.repository';

/** Controller commands past their time-out expire within a minute (the history also expires its account's on read). */
export function registerCommandExpiry(jobs: Jobs) {
  jobs.cron('device-commands-expiry', '* * * * *', () => commandsRepository(jobs.database.db).expireDue(), {
    expireInSeconds: 120,
  });
}
