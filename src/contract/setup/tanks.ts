import { z } from 'zod';
import { code, inputSchemas, litres, nullableText, positiveLitres, requiredText, rowMeta, uuidRef } from './fields';
import { StrappingChart, strappingChartIssues } from './strapping';

export const TankFields = z.strictObject({
  storeId: uuidRef('store'),
  productId: uuidRef('product'),
  code: code(),
  name: requiredText('Name', 120),
  capacity: positiveLitres('Capacity'),
  /** The most the tank should be filled to (≤ capacity). */
  safeFill: litres('Safe fill'),
  /** Low-level alarm (< safe fill). */
  lowLevel: litres('Low level'),
  gaugeProbeId: nullableText(80),
  /** Missing, null or [] = no chart. */
  strappingChart: StrappingChart.nullish().transform((v) => (v && v.length ? v : null)),
});

export const { create: TankCreate, update: TankUpdate } = inputSchemas(TankFields, (v, ctx) => {
  if (v.safeFill > v.capacity)
    ctx.addIssue({
      code: 'custom',
      path: ['safeFill'],
      message: `Safe fill must not exceed the capacity (${v.capacity} L)`,
    });
  if (v.lowLevel >= v.safeFill)
    ctx.addIssue({
      code: 'custom',
      path: ['lowLevel'],
      message: `Low level must be below the safe fill (${v.safeFill} L)`,
    });
  for (const issue of strappingChartIssues(v.strappingChart ?? [], v.capacity)) {
    ctx.addIssue({ code: 'custom', path: ['strappingChart', ...issue.path], message: issue.message });
  }
});
export type TankCreate = z.input<typeof TankCreate>;
export type TankUpdate = z.input<typeof TankUpdate>;

export const TankRow = z.object({
  ...rowMeta,
  storeId: z.uuid(),
  storeCode: z.string().nullable(),
  storeName: z.string().nullable(),
  productId: z.uuid(),
  productName: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  capacity: z.number(),
  safeFill: z.number(),
  lowLevel: z.number(),
  gaugeProbeId: z.string().nullable(),
  strappingChart: z.array(z.object({ heightMm: z.number(), litres: z.number() })).nullable(),
});
export type Tank = z.infer<typeof TankRow>;
