import { ChakraProvider } from '@chakra-ui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '@/app/theme';
import { ExpiringDocumentsList } from './ExpiringDocumentsList';

const render = (documents: Parameters<typeof ExpiringDocumentsList>[0]['data']['documents']) =>
  renderToStaticMarkup(
    <ChakraProvider value={system}>
      <ExpiringDocumentsList data={{ withinDays: 30, documents }} />
    </ChakraProvider>,
  )
    // Chakra writes its style sheet inline; the text is what is left outside it.
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ');

describe("the dashboard's expiring documents", () => {
  it('lists each document with when it expires, lapsed ones included', () => {
    const text = render([
      { id: 'a', title: 'Calibration T1', category: 'Certificates', expiresOn: '2026-11-22', daysLeft: -3 },
      { id: 'b', title: 'Calibration T2', category: '', expiresOn: '2026-11-25', daysLeft: 0 },
      { id: 'c', title: 'SDS diesel', category: 'Safety', expiresOn: '2026-11-26', daysLeft: 1 },
      { id: 'd', title: 'Contract', category: '', expiresOn: '2026-12-15', daysLeft: 20 },
    ]);
    expect(text).toMatch(/Calibration T1\s+Certificates\s+expired 3 days ago/);
    expect(text).toMatch(/Calibration T2\s+expires today/);
    expect(text).toMatch(/SDS diesel\s+Safety\s+in 1 day/);
    expect(text).toMatch(/Contract\s+in 20 days/);
  });

  it('says so when nothing expires', () => {
    expect(render([])).toContain('Nothing expires in the next 30 days.');
  });
});
