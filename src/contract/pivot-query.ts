import { z } from 'zod';
import { isCalendarDay, PIVOT_DIMENSIONS, PIVOT_MEASURES, type PivotDimension, type PivotMeasure } from './pivot';
import { inCalendarRange } from './safe-input';

/** `/QuickPivot`'s query and answer (the zod part; pivot.ts holds the plain values); re-exported by records.ts. */

export const DIMENSION_LABELS: Record<PivotDimension, string> = {
  store: 'Store',
  product: 'Product',
  tank: 'Tank',
  equipment: 'Equipment',
  employee: 'Employee',
  costCentre: 'Cost centre',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};
export const MEASURE_LABELS: Record<PivotMeasure, string> = { litres: 'Litres', cost: 'Cost', count: 'Dispenses' };
/** Most cells (rows × columns) one pivot may have; beyond it the answer is 422 `too_many_cells`. */
export const MAX_PIVOT_CELLS = 20_000;
/** A pivot without a column dimension is one column wide. */
export const pivotCellsOk = (rows: number, cols: number) => rows * Math.max(cols, 1) <= MAX_PIVOT_CELLS;

const day = (label: string) =>
  inCalendarRange(z.string().refine(isCalendarDay, `${label}: use a real date (YYYY-MM-DD)`), label);

/**
 * `GET /api/v1/records/pivot`: dispenses grouped by a row and a column dimension (the column may be
 * left out for a single column), one measure. Cost is litres × the product's current price.
 * Count is net (a reversal counts −1), so a corrected dispense counts once.
 */
export const PivotQuery = z
  .strictObject({
    rows: z.enum(PIVOT_DIMENSIONS, { error: `rows: one of ${PIVOT_DIMENSIONS.join(', ')}` }),
    cols: z.enum(PIVOT_DIMENSIONS, { error: `cols: one of ${PIVOT_DIMENSIONS.join(', ')}` }).optional(),
    measure: z.enum(PIVOT_MEASURES, { error: `measure: one of ${PIVOT_MEASURES.join(', ')}` }).default('litres'),
    from: day('From').optional(),
    to: day('To').optional(),
    storeId: z.uuid('Not a store id').optional(),
    productId: z.uuid('Not a product id').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.cols && q.cols === q.rows)
      ctx.addIssue({ code: 'custom', path: ['cols'], message: 'Choose a different dimension for the columns' });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is before From' });
  });
export type PivotQuery = z.input<typeof PivotQuery>;

export const PivotHeader = z.object({ key: z.string().nullable(), label: z.string() });
export const PivotResult = z.object({
  measure: z.enum(PIVOT_MEASURES),
  rowDimension: z.enum(PIVOT_DIMENSIONS),
  colDimension: z.enum(PIVOT_DIMENSIONS).nullable(),
  rows: z.array(PivotHeader),
  cols: z.array(PivotHeader),
  /** cells[r][c]; null where no dispense falls. */
  cells: z.array(z.array(z.number().nullable())),
  rowTotals: z.array(z.number()),
  colTotals: z.array(z.number()),
  grand: z.number(),
});
export type PivotResult = z.infer<typeof PivotResult>;

/** Rounding of a measure's figures (litres to the ml, money to the cent). */
export const roundMeasure = (m: PivotMeasure, v: number) =>
  m === 'count' ? Math.round(v) : m === 'cost' ? Math.round(v * 100) / 100 : Math.round(v * 1000) / 1000;
