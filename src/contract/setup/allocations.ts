import { z } from 'zod';
import { endTimeOfDay, inputSchemas, litres, optionalRef, optionalText, rowMeta, timeOfDay, uuidRef } from './fields';

/**
 * Who or what may draw which product where (`/Allocation`), with extra conditions
 * (`/customAlloc`: weekdays, hours, max per transaction). Exactly one subject: an equipment, an
 * employee or a cost centre. No store = any store.
 */
export const ALLOCATION_SUBJECTS = ['equipment', 'employee', 'costCentre'] as const;
export type AllocationSubject = (typeof ALLOCATION_SUBJECTS)[number];

const optLitres = (label: string) =>
  litres(label)
    .nullish()
    .transform((v) => v ?? null);

export const AllocationFields = z.strictObject({
  productId: uuidRef('product'),
  storeId: optionalRef('store'),
  equipmentId: optionalRef('equipment'),
  employeeId: optionalRef('employee'),
  costCentreId: optionalRef('cost centre'),
  dailyLimit: optLitres('Daily limit'),
  monthlyLimit: optLitres('Monthly limit'),
  /** Allowed weekdays, 0 = Sunday … 6 = Saturday (store time); null = every day. */
  weekdays: z
    .array(z.number().int().min(0, '0 (Sunday) to 6 (Saturday)').max(6, '0 (Sunday) to 6 (Saturday)'))
    .min(1, 'Choose at least one weekday, or none for every day')
    .max(7)
    .nullish()
    .transform((v) => v ?? null),
  /** Allowed time window (store time); `hoursFrom` after `hoursTo` spans midnight. */
  hoursFrom: timeOfDay.nullish().transform((v) => v ?? null),
  hoursTo: endTimeOfDay.nullish().transform((v) => v ?? null),
  maxPerTransaction: optLitres('Max per transaction'),
  active: z.boolean().default(true),
  note: optionalText(300),
});

export const { create: AllocationCreate, update: AllocationUpdate } = inputSchemas(AllocationFields, (v, ctx) => {
  const set = (['equipmentId', 'employeeId', 'costCentreId'] as const).filter((k) => v[k] !== null);
  if (set.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['equipmentId'],
      message: 'Choose an equipment, an employee or a cost centre',
    });
  if (set.length > 1)
    for (const k of set)
      ctx.addIssue({ code: 'custom', path: [k], message: 'Choose only one of equipment, employee or cost centre' });
  if (v.dailyLimit !== null && v.monthlyLimit !== null && v.monthlyLimit < v.dailyLimit) {
    ctx.addIssue({
      code: 'custom',
      path: ['monthlyLimit'],
      message: `Monthly limit must be at least the daily limit (${v.dailyLimit} L)`,
    });
  }
  if ((v.hoursFrom === null) !== (v.hoursTo === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.hoursFrom === null ? 'hoursFrom' : 'hoursTo'],
      message: 'Give both times, or neither',
    });
  } else if (v.hoursFrom !== null && v.hoursFrom === v.hoursTo) {
    ctx.addIssue({ code: 'custom', path: ['hoursTo'], message: 'The end time must differ from the start time' });
  }
  if (v.weekdays && new Set(v.weekdays).size !== v.weekdays.length)
    ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'A weekday is listed twice' });
});
export type AllocationCreate = z.input<typeof AllocationCreate>;
export type AllocationUpdate = z.input<typeof AllocationUpdate>;

export const AllocationRow = z.object({
  ...rowMeta,
  productId: z.uuid(),
  productName: z.string().nullable(),
  storeId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  equipmentId: z.uuid().nullable(),
  employeeId: z.uuid().nullable(),
  costCentreId: z.uuid().nullable(),
  subjectType: z.enum(ALLOCATION_SUBJECTS),
  /** Fleet no., employee number and name, or cost centre code. */
  subjectLabel: z.string().nullable(),
  dailyLimit: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  hoursFrom: z.string().nullable(),
  hoursTo: z.string().nullable(),
  maxPerTransaction: z.number().nullable(),
  active: z.boolean(),
  note: z.string(),
});
export type Allocation = z.infer<typeof AllocationRow>;
