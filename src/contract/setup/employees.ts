import { z } from 'zod';
import { tag } from './equipment';
import { code, inputSchemas, isoDate, optionalRef, requiredText, rowMeta, version } from './fields';

/** 4–8 digits. Stored hashed (scrypt), never returned: rows say `hasPin`. */
export const pin = z.string({ error: 'PIN must be text' }).regex(/^\d{4,8}$/, 'PIN is 4 to 8 digits');
/** In an update: missing = keep the PIN, null = remove it, digits = set it. */
const pinChange = pin.nullish();

export const EmployeeFields = z.strictObject({
  number: code('Employee number'),
  name: requiredText('Name', 120),
  pin: pinChange,
  tag: tag.nullish().transform((v) => v ?? null),
  costCentreId: optionalRef('cost centre'),
  licenceExpiry: isoDate.nullish().transform((v) => v ?? null),
  /** Stores where the employee may draw fuel; empty = every store. */
  storeIds: z
    .array(z.uuid({ error: 'Choose a store' }))
    .max(500)
    .default([]),
  fams24Enabled: z.boolean().default(false),
  active: z.boolean().default(true),
  /** The account's user who is this employee (ADR 076); null = none. */
  userId: z
    .number({ error: 'Choose a user' })
    .int('Choose a user')
    .positive('Choose a user')
    .nullish()
    .transform((v) => v ?? null),
});

export const { create: EmployeeCreate, update: EmployeeUpdate } = inputSchemas(EmployeeFields, (v, ctx) => {
  const seen = new Set<string>();
  v.storeIds.forEach((id, i) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['storeIds', i], message: 'Store listed twice' });
    seen.add(id);
  });
});
export type EmployeeCreate = z.input<typeof EmployeeCreate>;
export type EmployeeUpdate = z.input<typeof EmployeeUpdate>;

/** `/EmployeeFAMS24` edits what a FAMS24 site needs: the flag, the tag and the PIN. */
export const EmployeeFams24Update = z.strictObject({
  version,
  fams24Enabled: z.boolean(),
  tag: tag.nullish().transform((v) => v ?? null),
  pin: pinChange,
});
export type EmployeeFams24Update = z.input<typeof EmployeeFams24Update>;

export const EmployeeRow = z.object({
  ...rowMeta,
  number: z.string(),
  name: z.string(),
  hasPin: z.boolean(),
  tag: z.string().nullable(),
  costCentreId: z.uuid().nullable(),
  costCentreName: z.string().nullable(),
  licenceExpiry: z.string().nullable(),
  storeIds: z.array(z.uuid()),
  fams24Enabled: z.boolean(),
  active: z.boolean(),
  userId: z.number().nullable(),
  /** The linked user's name, for the list. */
  userName: z.string().nullable(),
});
export type Employee = z.infer<typeof EmployeeRow>;

/** `GET /employees/users`: the account's users an employee can be linked to (ADR 076). */
export const EmployeeUserOptions = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), username: z.string() })),
});
export type EmployeeUserOptions = z.infer<typeof EmployeeUserOptions>;

/**
 * PINs are checked by the server only (`POST /api/v1/employees/verify-pin`): a 4–8 digit PIN
 * cannot be protected by any hash a device could hold, so no verifier is sent to devices.
 */
export const VerifyPinBody = z.strictObject({ employeeId: z.uuid(), pin });
export const VerifyPinResponse = z.object({ ok: z.boolean() });
