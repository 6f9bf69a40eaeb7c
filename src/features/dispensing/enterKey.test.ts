import { describe, expect, it } from 'vitest';
import { enterAction } from './enterKey';

describe('Enter on a field screen', () => {
  it('moves to the next field from inputs and selects, and saves from the last one', () => {
    expect(enterAction({ tag: 'INPUT', type: 'text', isLast: false })).toBe('next');
    expect(enterAction({ tag: 'INPUT', type: null, isLast: false })).toBe('next');
    expect(enterAction({ tag: 'SELECT', isLast: false })).toBe('next');
    expect(enterAction({ tag: 'INPUT', type: 'datetime-local', isLast: false })).toBe('next');
    expect(enterAction({ tag: 'INPUT', type: 'text', isLast: true })).toBe('submit');
    expect(enterAction({ tag: 'SELECT', isLast: true })).toBe('submit');
  });

  it('lets a picker pick first', () => {
    expect(enterAction({ tag: 'INPUT', type: 'text', role: 'combobox', isLast: false })).toBe('after-pick');
    expect(enterAction({ tag: 'INPUT', type: 'text', role: 'combobox', isLast: true })).toBe('after-pick');
  });

  it('leaves buttons, links and text areas alone', () => {
    expect(enterAction({ tag: 'BUTTON', isLast: false })).toBe('native');
    expect(enterAction({ tag: 'A', isLast: false })).toBe('native');
    expect(enterAction({ tag: 'TEXTAREA', isLast: true })).toBe('native');
    expect(enterAction({ tag: 'INPUT', type: 'submit', isLast: true })).toBe('native');
    expect(enterAction({ tag: 'DIV', isLast: false })).toBe('native');
  });
});
