import { z } from 'zod';
import type { ColumnSpec } from './columns';

/**
 * `/messageAccount` (ThebigBoss, issue 14): home-screen messages for one account or every account,
 * from a start day to an end day inclusive (the account's local days), or with no end day (a
 * standing message, such as the one an account starts with). The sign-in answer's
 * `homeScreenMessage` is the one in force: one with an end day over a standing one, then the
 * account's own over one for all accounts, then the latest start; none in force shows none.
 */
const day = z.iso.date('A date, YYYY-MM-DD.');

export const HomeMessageFields = z
  .strictObject({
    /** null = every account. */
    accountId: z
      .number({ error: 'Choose an account, or All accounts.' })
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER)
      .nullable(),
    message: z.string().trim().min(1, 'Write the message.').max(500),
    startsOn: day,
    /** null = no end day: shown until it is changed or deleted. */
    endsOn: day.nullable(),
  })
  .refine((m) => m.endsOn === null || m.endsOn >= m.startsOn, { path: ['endsOn'], message: 'On or after the start.' });
export type HomeMessageFields = z.infer<typeof HomeMessageFields>;

export const HomeMessage = z.object({
  id: z.uuid(),
  accountId: z.number().int().nullable(),
  /** "All accounts" when accountId is null. */
  accountName: z.string(),
  message: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** In force today (UTC day; each account applies its own zone). */
  state: z.enum(['scheduled', 'current', 'ended']),
  createdAt: z.string(),
});
export type HomeMessage = z.infer<typeof HomeMessage>;
export const HomeMessageIdParams = z.object({ id: z.uuid() });

export const HOME_MESSAGE_STATE_LABELS = { scheduled: 'Scheduled', current: 'Current', ended: 'Ended' } as const;

export const HOME_MESSAGES_LIST = {
  path: '/admin/home-messages',
  title: 'Home-screen messages',
  screen: '/messageAccount',
  search: ['message', 'accountName'],
  defaultSort: '-startsOn',
  sort: ['startsOn', 'endsOn', 'accountName'],
} as const;

export const HOME_MESSAGE_COLUMNS: readonly ColumnSpec<keyof HomeMessage & string>[] = [
  { key: 'accountName', title: 'Account', kind: 'text', priority: 1 },
  { key: 'message', title: 'Message', kind: 'text', priority: 1 },
  { key: 'startsOn', title: 'From', kind: 'date', priority: 2 },
  { key: 'endsOn', title: 'To', kind: 'date', priority: 2 },
  { key: 'state', title: 'State', kind: 'enum', labels: HOME_MESSAGE_STATE_LABELS, priority: 2 },
];
