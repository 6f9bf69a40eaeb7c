import { z } from 'zod';

/**
 * `/Equipmentcopy` (rule fams24Manager): copy equipment with their allocations to a store of this
 * account or, for ThebigBoss, of another account the user belongs to.
 *   GET  /api/v1/equipment-copy/targets        accounts the user may copy into, with their stores
 *   POST /api/v1/equipment-copy/preview        CopyRequest → CopyPlan (nothing written)
 *   POST /api/v1/equipment-copy                CopyRequest → CopyResult, all in one transaction
 * Copies get the target store as home store; their allocations are moved to the target store.
 * Equipment type, cost centre and product are matched by code in the target account; a missing
 * type or cost centre is left empty (the meter type and tank capacity are kept), an allocation
 * whose product is missing is skipped. Tags are never copied (a tag names one holder). A fleet no.
 * already in use gets a suffix (`-2`, `-3`, …) or the equipment is skipped, as asked.
 */
export const COPY_MAX_EQUIPMENT = 500;
export const CLASH_RULES = ['suffix', 'skip'] as const;

export const CopyFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  typeId: z.uuid().optional(),
  costCentreId: z.uuid().optional(),
  homeStoreId: z.uuid().optional(),
});
export type CopyFilter = z.infer<typeof CopyFilter>;

export const CopyRequest = z
  .strictObject({
    /** The equipment to copy; or `filter` for every equipment matching it. */
    equipmentIds: z
      .array(z.uuid({ error: 'Not an equipment id' }))
      .max(COPY_MAX_EQUIPMENT)
      .optional(),
    filter: CopyFilter.optional(),
    targetStoreId: z.uuid({ error: 'Choose a target store' }),
    /** Another account (ThebigBoss only); default this one. */
    targetAccountId: z.number().int().positive().optional(),
    onClash: z.enum(CLASH_RULES).default('suffix'),
  })
  .refine((r) => !!r.equipmentIds?.length !== !!r.filter, {
    message: 'Choose the equipment, or give a filter (not both)',
    path: ['equipmentIds'],
  });
export type CopyRequest = z.input<typeof CopyRequest>;

export const CopyAllocationPlan = z.object({
  sourceId: z.uuid(),
  productCode: z.string(),
  action: z.enum(['create', 'skip']),
  reason: z.string().nullable(),
});

export const CopyItemPlan = z.object({
  sourceId: z.uuid(),
  fleetNo: z.string(),
  /** The copy's fleet no. (null when skipped). */
  newFleetNo: z.string().nullable(),
  action: z.enum(['create', 'skip']),
  /** Why it is skipped, or what changes (suffix, registration dropped, type not found, …). */
  notes: z.array(z.string()),
  allocations: z.array(CopyAllocationPlan),
});
export type CopyItemPlan = z.infer<typeof CopyItemPlan>;

export const CopyPlan = z.object({
  targetAccount: z.object({ id: z.number().int(), name: z.string() }),
  targetStore: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  items: z.array(CopyItemPlan),
  /** Codes with no live match in the target account. */
  missing: z.object({
    equipmentTypes: z.array(z.string()),
    costCentres: z.array(z.string()),
    products: z.array(z.string()),
  }),
  summary: z.object({
    equipment: z.number().int(),
    skipped: z.number().int(),
    allocations: z.number().int(),
    allocationsSkipped: z.number().int(),
  }),
});
export type CopyPlan = z.infer<typeof CopyPlan>;

export const CopyResult = CopyPlan.extend({
  created: z.array(z.object({ sourceId: z.uuid(), id: z.uuid(), fleetNo: z.string() })),
});
export type CopyResult = z.infer<typeof CopyResult>;

export const CopyTargets = z.object({
  accounts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      current: z.boolean(),
      stores: z.array(z.object({ id: z.uuid(), code: z.string(), name: z.string() })),
    }),
  ),
});
export type CopyTargets = z.infer<typeof CopyTargets>;
