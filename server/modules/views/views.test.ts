import { describe, expect, it } from 'vitest';
import { mapSettings, styleAllowed, styleFor } from './map-settings';
import { toSeries } from './views.service';

describe('map settings', () => {
  it('defaults to the built-in blank style with nothing to allow', () => {
    expect(mapSettings(undefined, undefined)).toEqual({ styleUrl: null, origins: [] });
    expect(mapSettings('  ', '')).toEqual({ styleUrl: null, origins: [] });
  });

  it("allows the style's origin and the tile origins in the CSP", () => {
    expect(
      mapSettings(
        'https://tiles.example.org/styles/osm-bright/style.json',
        'https://a.tile.example.net, https://fonts.example.com/',
      ),
    ).toEqual({
      styleUrl: 'https://tiles.example.org/styles/osm-bright/style.json',
      origins: ['https://tiles.example.org', 'https://a.tile.example.net', 'https://fonts.example.com'],
    });
  });

  it('stops the start-up on a value that is not an http(s) URL', () => {
    expect(() => mapSettings('tiles/style.json')).toThrow(/MAP_STYLE_URL is not a URL/);
    expect(() => mapSettings('javascript:alert(1)')).toThrow(/must be an http\(s\) URL/);
    expect(() => mapSettings(undefined, 'ftp://x.example')).toThrow(/MAP_TILE_ORIGINS/);
  });

  it("takes an account's own style only from an origin the CSP allows, and prefers it (ADR 051)", () => {
    const s = mapSettings('https://tiles.example.org/default.json', 'https://a.tile.example.net');
    expect(styleAllowed(s, 'https://a.tile.example.net/satellite/style.json')).toBe(true);
    expect(styleAllowed(s, 'https://tiles.example.org/other.json')).toBe(true);
    // Same host, other scheme or port, is another origin; a look-alike host too.
    expect(styleAllowed(s, 'http://tiles.example.org/other.json')).toBe(false);
    expect(styleAllowed(s, 'https://tiles.example.org:8443/other.json')).toBe(false);
    expect(styleAllowed(s, 'https://tiles.example.org.evil.example/x.json')).toBe(false);
    expect(styleAllowed(s, 'not a url')).toBe(false);
    expect(styleAllowed(mapSettings(), 'https://tiles.example.org/x.json')).toBe(false);
    expect(styleFor(s, 'https://a.tile.example.net/s.json')).toBe('https://a.tile.example.net/s.json');
    expect(styleFor(s, null)).toBe('https://tiles.example.org/default.json');
    expect(styleFor(mapSettings(), null)).toBeNull();
  });
});

describe('toSeries', () => {
  const p = (bucket: string, key: string, litres: number) => ({
    bucket,
    key,
    label: key.toUpperCase(),
    litres,
    count: 1,
  });

  it('one series per key, points in order, largest total first', () => {
    const s = toSeries([p('2026-10-02', 'a', 1.1), p('2026-10-01', 'a', 2.2), p('2026-10-01', 'b', 10)], false);
    expect(s.map((x) => [x.key, x.total])).toEqual([
      ['b', 10],
      ['a', 3.3],
    ]);
    expect(s[1].points.map((x) => x.bucket)).toEqual(['2026-10-01', '2026-10-02']);
  });

  it('a level series totals to its last value', () => {
    const s = toSeries([p('2026-10-02', 'a', 400), p('2026-10-01', 'a', 900)], true);
    expect(s[0].total).toBe(400);
  });
});
