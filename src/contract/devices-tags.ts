import { z } from 'zod';
import { columnsOf } from './columns';
import { tag } from './setup/equipment';

/**
 * `/ScanTags` (ThebigBoss, issue 15): register RFID/NFC tags by scanning (a keyboard-wedge reader
 * types the tag and Enter) or pasting a list, then assign each to an equipment or an employee. A
 * tag assigned to equipment is one of its tags (so `/QuickDispense24` finds it).
 */
export const MAX_TAGS_PER_REGISTER = 500;

export const RegisterTagsBody = z.strictObject({
  tags: z
    .array(tag)
    .min(1, 'Scan or paste at least one tag')
    .max(MAX_TAGS_PER_REGISTER, `At most ${MAX_TAGS_PER_REGISTER} tags at once`),
});
export const RegisterTagsResponse = z.object({
  created: z.array(z.string()),
  /** Tags not registered again: already in the registry, or listed twice in this request. */
  duplicates: z.array(z.object({ tag: z.string(), reason: z.string() })),
});
export type RegisterTagsResponse = z.infer<typeof RegisterTagsResponse>;

/** Splits pasted text into tags: one per line, or separated by commas, semicolons or tabs. */
export const splitTags = (text: string): string[] =>
  text
    .split(/[\r\n,;\t]+/)
    .map((t) => t.trim())
    .filter(Boolean);

export const AssignTagBody = z
  .strictObject({
    equipmentId: z.uuid({ error: 'Choose an equipment' }).nullish(),
    employeeId: z.uuid({ error: 'Choose an employee' }).nullish(),
  })
  .refine((v) => !!v.equipmentId !== !!v.employeeId, {
    message: 'Choose an equipment or an employee',
    path: ['equipmentId'],
  });

export const TAG_HOLDER_KINDS = ['equipment', 'employee'] as const;
export const TAG_HOLDER_LABELS = { equipment: 'Equipment', employee: 'Employee' } as const;
/**
 * A tag of the account: every tag an equipment or employee holds is registered (ADR 077), so the
 * list is every tag in use plus the registered ones no one holds yet.
 */
export const TagRow = z.object({
  id: z.uuid(),
  tag: z.string(),
  createdAt: z.string(),
  holderKind: z.enum(TAG_HOLDER_KINDS).nullable(),
  holderId: z.string().nullable(),
  /** In words: "FL-0001 — Toyota Hilux", "E1001 — Jane Smith". */
  holder: z.string().nullable(),
  /** Since when the holder has it. */
  assignedAt: z.string().nullable(),
});
export type TagRow = z.infer<typeof TagRow>;

export const TAG_COLUMNS = columnsOf<TagRow>()([
  { key: 'tag', title: 'Tag', kind: 'text', priority: 1 },
  { key: 'holderKind', title: 'Assigned to', kind: 'enum', labels: TAG_HOLDER_LABELS, priority: 2 },
  { key: 'holder', title: 'Holder', kind: 'text', priority: 2 },
  { key: 'assignedAt', title: 'Assigned', kind: 'datetime', priority: 3 },
  { key: 'createdAt', title: 'Registered', kind: 'datetime', priority: 3 },
]);

export const TAGS_LIST = {
  path: '/tags',
  entity: 'rfid_tag',
  title: 'Tags',
  screen: '/ScanTags',
  defaultSort: '-createdAt',
  sort: ['tag', 'createdAt', 'holder', 'assignedAt'],
  filters: ['assigned', 'holderKind'],
  search: ['tag', 'holder'],
} as const;
