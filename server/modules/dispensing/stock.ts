import type { ExceptionRow } from './field.repository';

/**
 * After a withdrawal: a tank whose book stock went below zero has missed a delivery, an opening
 * balance or a reading; the withdrawal is stored all the same and this is raised.
 */
export function stockAlarm(
  stock: number,
  tankId: string,
  storeId: string,
  entity: string,
  entityId: string,
): ExceptionRow | null {
  if (stock >= 0) return null;
  return {
    code: 'negative_book_stock',
    entity,
    entityId,
    storeId,
    tankId,
    severity: 'warning',
    message: `The tank's book stock is now ${Math.round(stock * 1000) / 1000} L (below zero)`,
    details: { bookStock: stock },
  };
}
