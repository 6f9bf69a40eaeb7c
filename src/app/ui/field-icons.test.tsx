import { renderToStaticMarkup } from 'react-dom/server';
import * as lu from 'react-icons/lu';
import { describe, expect, it } from 'vitest';
import * as field from './field-icons';

/** The field icons are copies of react-icons' Lucide trees (field-icons.ts says why): they must stay the same. */
describe('field icons', () => {
  const names = Object.keys(field) as (keyof typeof field)[];

  it('are the ones the field screens use', () => {
    expect(names.length).toBe(15);
  });

  it.each(names)('%s draws what react-icons/lu draws', (name) => {
    const Ours = field[name];
    const Theirs = lu[name];
    expect(renderToStaticMarkup(<Ours size={20} title="x" />)).toBe(
      renderToStaticMarkup(<Theirs size={20} title="x" />),
    );
  });
});
