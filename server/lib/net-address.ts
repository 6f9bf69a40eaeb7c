import dns from 'node:dns/promises';
import net from 'node:net';

/** Loopback, private, link-local and unique-local addresses: not an outbound target unless allowed (SSRF). */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const x = ip.toLowerCase();
  return (
    x === '::1' ||
    x === '::' ||
    x.startsWith('fe80:') ||
    x.startsWith('fc') ||
    x.startsWith('fd') ||
    x.startsWith('::ffff:127.')
  );
}

/**
 * The addresses of `host` (a name or an IP, brackets allowed), refused when one is private and
 * `allowPrivate` is off (`FAMS_WEBHOOK_ALLOW_PRIVATE=1`: tests, demo, on-premises).
 */
export async function publicAddresses(host: string, allowPrivate: boolean): Promise<string[]> {
  const h = host.replace(/^\[|\]$/g, '');
  const addrs = net.isIP(h) ? [h] : (await dns.lookup(h, { all: true })).map((a) => a.address);
  if (!allowPrivate && addrs.some(isPrivateAddress)) throw new Error(`${h} is a private address`);
  return addrs;
}
