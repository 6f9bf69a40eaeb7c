import { describe, expect, it } from 'vitest';
import { labelOf } from './columns';
import { SETUP_COLUMNS } from './setup/columns';

describe('labelOf', () => {
  const action = SETUP_COLUMNS.auditLogs.find((c) => c.key === 'action')!;
  const entity = SETUP_COLUMNS.auditLogs.find((c) => c.key === 'entity')!;

  it('reads a labelled value by its label', () => {
    expect(labelOf(action, 'create')).toBe('Created');
    expect(labelOf(action, 'acknowledge')).toBe('Acknowledged');
  });

  it("reads the audit log's other codes in words, not as codes", () => {
    expect(labelOf(action, 'rotate_key')).toBe('Rotate key');
    expect(labelOf(entity, 'demo_history')).toBe('Demo history');
    expect(labelOf(entity, 'dispense')).toBe('Dispense');
    expect(labelOf(entity, null)).toBe('');
  });

  it('keeps an unlabelled code as it is in a closed enum', () => {
    expect(labelOf({ labels: { a: 'A' } }, 'b')).toBe('b');
  });
});
