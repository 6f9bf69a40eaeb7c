import { LOGIN_PATH } from '@/contract/screens';

/**
 * Lets code outside React (the api client, auth flows) navigate. The router installs its own
 * navigation at start; until then a full page load does the job.
 */
let navigateImpl: (href: string) => void = (href) => window.location.assign(href);

export function setNavigator(fn: (href: string) => void): void {
  navigateImpl = fn;
}

export function goTo(href: string): void {
  navigateImpl(href);
}

/** Only in-app paths are followed after sign-in, so `?to=` cannot send the user elsewhere. */
export function safeTo(to: unknown): string | undefined {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return undefined;
  if (to.startsWith(LOGIN_PATH)) return undefined;
  return to;
}

export function currentHref(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

export function loginHref(to?: string): string {
  const target = safeTo(to);
  return target ? `${LOGIN_PATH}?to=${encodeURIComponent(target)}` : LOGIN_PATH;
}
