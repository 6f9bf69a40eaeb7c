import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a server-initiated request may go to (ADR 071): a pure function of the address,
 * no DNS, no I/O. Deny by default: an IPv4 address is public unless it is in one of the
 * special-purpose ranges below; an IPv6 address is public only inside the global unicast space
 * 2000::/3 and outside the special ranges there. The IPv6 forms that carry an IPv4 address to a
 * host (mapped, NAT64, 6to4) are judged by that IPv4 address; the deprecated or tunnel forms
 * (IPv4-compatible, local-use NAT64, Teredo) are refused whatever they carry.
 */
export type AddressRange =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'sharedAddressSpace'
  | 'linkLocal'
  | 'siteLocal'
  | 'uniqueLocal'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'ipv4Compatible'
  | 'nat64Local'
  | 'teredo'
  | 'notAnAddress';

export interface AddressClass {
  public: boolean;
  /** The range it falls in ('public' when it is); for logs and tests, never shown to an account. */
  range: AddressRange;
  /** The IPv4 address an IPv6 form carries, when that is what was judged. */
  embedded?: string;
}

type Ranges = readonly (readonly [cidr: string, range: Exclude<AddressRange, 'public'>])[];

/** The IPv4 special-purpose ranges (IANA registry, RFC 6890 and later); first match names it. */
const IPV4_RANGES: Ranges = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'sharedAddressSpace'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'linkLocal'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'reserved'], // AS112
  ['192.52.193.0/24', 'reserved'], // AMT
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast, deprecated
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'reserved'], // AS112
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

/** Inside 2000::/3, the ranges that are not a host on the Internet. */
const IPV6_GLOBAL_EXCEPTIONS: Ranges = [
  ['2001::/32', 'teredo'],
  ['2001:db8::/32', 'documentation'],
  ['2001::/23', 'reserved'], // IETF protocol assignments: benchmarking, AMT, AS112, ORCHID…
  ['2620:4f:8000::/48', 'reserved'], // AS112
  ['3fff::/20', 'documentation'],
];

/** Outside 2000::/3 everything is refused; these only name the range. */
const IPV6_NAMED: Ranges = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'ipv4Compatible'],
  ['64:ff9b:1::/48', 'nat64Local'],
  ['fc00::/7', 'uniqueLocal'],
  ['fe80::/10', 'linkLocal'],
  ['fec0::/10', 'siteLocal'],
  ['ff00::/8', 'multicast'],
];

type Named<A> = readonly (readonly [range: [A, number], name: Exclude<AddressRange, 'public'>])[];
const v4Ranges = (r: Ranges): Named<ipaddr.IPv4> => r.map(([cidr, name]) => [ipaddr.IPv4.parseCIDR(cidr), name]);
const v6Ranges = (r: Ranges): Named<ipaddr.IPv6> => r.map(([cidr, name]) => [ipaddr.IPv6.parseCIDR(cidr), name]);

const V4 = v4Ranges(IPV4_RANGES);
const V6_GLOBAL_EXCEPTIONS = v6Ranges(IPV6_GLOBAL_EXCEPTIONS);
const V6_NAMED = v6Ranges(IPV6_NAMED);
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

function classifyV4(a: ipaddr.IPv4): AddressClass {
  const hit = V4.find(([cidr]) => a.match(cidr));
  return hit ? { public: false, range: hit[1] } : { public: true, range: 'public' };
}

/** An IPv6 form carrying an IPv4 address is as public as that address. */
function carried(bytes: number[]): AddressClass {
  const v4 = new ipaddr.IPv4(bytes);
  return { ...classifyV4(v4), embedded: v4.toString() };
}

function classifyV6(a: ipaddr.IPv6): AddressClass {
  const b = a.toByteArray();
  if (a.match(MAPPED) || a.match(NAT64)) return carried(b.slice(12, 16));
  if (a.match(SIX_TO_FOUR)) return carried(b.slice(2, 6));
  if (a.match(GLOBAL_UNICAST)) {
    const hit = V6_GLOBAL_EXCEPTIONS.find(([cidr]) => a.match(cidr));
    return hit ? { public: false, range: hit[1] } : { public: true, range: 'public' };
  }
  return { public: false, range: V6_NAMED.find(([cidr]) => a.match(cidr))?.[1] ?? 'reserved' };
}

/**
 * The 16 bytes of an IPv6 address. Through the WHATWG parser first: ipaddr.js reads an
 * IPv4-compatible `::8.8.8.8` as the mapped `::ffff:8.8.8.8`, the URL parser does not. A zone
 * (`%eth0`) does not change the class.
 */
function parseV6(text: string): ipaddr.IPv6 {
  const hex = new URL(`http://[${text.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  return ipaddr.IPv6.parse(hex);
}

/**
 * The class of one IP address as Node and DNS write it (`127.0.0.1`, `::ffff:7f00:1`, `fe80::1%eth0`);
 * anything else (a name, an unusual IPv4 spelling that `new URL` normalises) is `notAnAddress`.
 */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  if (family === 4) return classifyV4(ipaddr.IPv4.parse(bare));
  if (family === 6) return classifyV6(parseV6(bare));
  return { public: false, range: 'notAnAddress' };
}

export const isPublicAddress = (ip: string) => classifyAddress(ip).public;
