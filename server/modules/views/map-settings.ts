/**
 * The GPS map's tile style (README "Settings"): `MAP_STYLE_URL` is a MapLibre style JSON (for
 * instance an OpenStreetMap-based one); unset, the page uses its built-in blank style, which needs
 * no network at all (tests, offline demos). The browser fetches a real style, its tiles, glyphs and
 * sprites itself, so their origins must be allowed by the Content-Security-Policy: the style URL's
 * origin always, and `MAP_TILE_ORIGINS` (comma-separated) for tile or font hosts elsewhere.
 */
export interface MapSettings {
  styleUrl: string | null;
  /** Origins to add to the CSP's connect-src and img-src. */
  origins: string[];
}

function originOf(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL: ${value}`);
  return url.origin;
}

/** Reads the two settings; a malformed value stops the start-up with a clear message. */
export function mapSettings(styleUrl?: string, tileOrigins?: string): MapSettings {
  const url = styleUrl?.trim() || null;
  const origins = new Set<string>();
  if (url) origins.add(originOf(url, 'MAP_STYLE_URL'));
  for (const o of (tileOrigins ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean))
    origins.add(originOf(o, 'MAP_TILE_ORIGINS'));
  return { styleUrl: url, origins: [...origins] };
}

/**
 * Whether an account's own style URL (ADR 051) can load under this server's CSP: its origin must be
 * one of `origins` (MAP_STYLE_URL's and MAP_TILE_ORIGINS). The CSP stays the deployment's, so an
 * account's admin cannot open the browsers of their users to any host.
 */
export function styleAllowed(settings: MapSettings, url: string): boolean {
  try {
    return settings.origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** The style a map of this account uses: the account's own, else `MAP_STYLE_URL`, else null (built-in). */
export const styleFor = (settings: MapSettings, own: string | null) => own ?? settings.styleUrl;
