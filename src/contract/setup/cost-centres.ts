import { z } from 'zod';
import { code, inputSchemas, optionalText, requiredText, rowMeta } from './fields';

export const CostCentreFields = z.strictObject({
  code: code(),
  name: requiredText('Name', 120),
  description: optionalText(500),
});

export const { create: CostCentreCreate, update: CostCentreUpdate } = inputSchemas(CostCentreFields);
export type CostCentreCreate = z.input<typeof CostCentreCreate>;
export type CostCentreUpdate = z.input<typeof CostCentreUpdate>;

export const CostCentreRow = z.object({
  ...rowMeta,
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type CostCentre = z.infer<typeof CostCentreRow>;
