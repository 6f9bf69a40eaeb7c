import dns from 'node:dns/promises';
import net, { type LookupFunction } from 'node:net';
import { classifyAddress } from './address-class';
import { OutboundError, networkError, refusedInternal } from './errors';

/** A name's addresses, as `dns.lookup(name, { all: true })` answers them (tests give their own). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true });

export interface TargetOptions {
  /** `FAMS_WEBHOOK_ALLOW_PRIVATE=1`: internal addresses are allowed (tests, demo, on-premises). */
  allowPrivate?: boolean;
  resolve?: Resolver;
}

export interface CheckedHost {
  /** The host as given, brackets removed: a name, or an IP address. */
  host: string;
  /** The address is the host itself (no DNS). */
  literal: boolean;
  /** Every address the host resolved to, each one checked; connect to these only. */
  addresses: { address: string; family: 4 | 6 }[];
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** The URL, if it is an http(s) one; WHATWG parsing normalises every IPv4 spelling to dotted decimal. */
export function parseHttpUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad-url', 'refused: not an http(s) address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('bad-url', 'refused: not an http(s) address');
  return url;
}

/**
 * Save-time check of an address typed into a form: true when its host, after `new URL`
 * normalisation, is an IP address that is not public (`http://[::ffff:127.0.0.1]/`,
 * `http://2130706433/`). Names are checked when a request is made (they may change).
 */
export function hasInternalLiteralHost(raw: string): boolean {
  let host: string;
  try {
    host = bare(new URL(raw).hostname);
  } catch {
    return false; // not a URL: the schema says so
  }
  return net.isIP(host) !== 0 && !classifyAddress(host).public;
}

/**
 * Resolves `host` ONCE and checks every address: one internal address refuses the whole host
 * (unless `allowPrivate`). The caller then connects to these addresses only (`pinnedLookup`), so a
 * second, different answer of the DNS (rebinding) is never asked for.
 */
export async function checkHost(host: string, opts: TargetOptions = {}): Promise<CheckedHost> {
  const h = bare(host);
  const family = net.isIP(h);
  let addresses: { address: string; family: number }[];
  if (family) addresses = [{ address: h, family }];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(h);
    } catch (e) {
      throw networkError(e);
    }
    if (!addresses.length) throw new OutboundError('dns', 'host not found');
  }
  if (!opts.allowPrivate && addresses.some((a) => !classifyAddress(a.address).public)) throw refusedInternal();
  return {
    host: h,
    literal: !!family,
    addresses: addresses.map((a) => ({ address: a.address, family: net.isIP(a.address) === 6 ? 6 : 4 })),
  };
}

/**
 * A `lookup` for `net`/`http(s)` that answers the checked addresses and nothing else: the socket
 * goes to exactly what was checked, while TLS still verifies the certificate against the name.
 */
export function pinnedLookup(checked: CheckedHost): LookupFunction {
  return (hostname, options, callback) => {
    if (bare(hostname) !== checked.host) {
      callback(Object.assign(new Error('unexpected host'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    const f = options.family;
    const wanted = f === 4 || f === 'IPv4' ? 4 : f === 6 || f === 'IPv6' ? 6 : 0;
    const list = checked.addresses.filter((a) => !wanted || a.family === wanted);
    if (!list.length) callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
    else if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  };
}
