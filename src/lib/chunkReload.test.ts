import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, watchChunkErrors } from './chunkReload';

/** A page's window as watchChunkErrors uses it: events, the tab's sessionStorage, location.reload. */
function fakeWindow() {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal('window', Object.assign(target, { location: { reload } }));
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  });
  return { target, reload };
}

/** What Vite's preload wrapper dispatches when the promise it wraps rejects. */
function preloadError(target: EventTarget, payload: unknown) {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
  target.dispatchEvent(event);
  return event;
}

describe('watchChunkErrors', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reloads once for a chunk that failed to load, and not again within 30 s', () => {
    const { target, reload } = fakeWindow();
    watchChunkErrors();
    const missing = new TypeError('Failed to fetch dynamically imported module: http://x/assets/Store-abc.js');
    expect(preloadError(target, missing).defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(preloadError(target, missing).defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  // The bundler puts a `.then` written after `import()` inside the preload wrapper: a request made
  // there that is aborted or fails arrives as a preload error. Reloading for it dropped typed input.
  it('leaves other errors to their caller: an aborted request, a failed one', () => {
    const { target, reload } = fakeWindow();
    watchChunkErrors();
    for (const err of [
      new DOMException('signal is aborted without reason', 'AbortError'),
      new Error('No response from the server: Failed to fetch'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(preloadError(target, err).defaultPrevented).toBe(false);
    }
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it('knows the browsers’ messages for a module or its CSS that did not load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
