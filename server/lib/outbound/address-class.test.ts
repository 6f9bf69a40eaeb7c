import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-class';
import { checkHost, hasInternalLiteralHost, type Resolver } from './target';

/**
 * ADR 071: which addresses a server-initiated request may go to. Classification only: nothing
 * here is contacted, and names are answered by a fake resolver (only `localhost` reads /etc/hosts).
 */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');

// [spelling, the range it falls in]
const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'linkLocal'],
  ['169.254.1.1', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal'],
  ['100.64.0.1', 'sharedAddressSpace'],
  ['100.127.255.255', 'sharedAddressSpace'],
  ['fd00::1', 'uniqueLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['2001:db8::1', 'documentation'],
  ['fec0::1', 'siteLocal'],
  // IPv4-mapped: judged by the IPv4 address they carry.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['[::ffff:a9fe:a9fe]', 'linkLocal'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:100.64.0.1', 'sharedAddressSpace'],
  ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
  // NAT64 and 6to4: judged by the IPv4 address they carry.
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::169.254.169.254', 'linkLocal'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:a9fe:a9fe::1', 'linkLocal'],
  ['2002:c0a8:101::', 'private'],
  // Deprecated and local-use forms: refused whatever they carry.
  ['::127.0.0.1', 'ipv4Compatible'],
  ['::8.8.8.8', 'ipv4Compatible'],
  ['64:ff9b:1::8.8.8.8', 'nat64Local'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:0:a9fe:a9fe::1', 'teredo'],
  ['100::1', 'reserved'],
  ['3fff::1', 'documentation'],
  // Not an address at all: a name, or a spelling only `new URL` understands.
  ['localhost', 'notAnAddress'],
  ['127.1', 'notAnAddress'],
  ['0x7f.0.0.1', 'notAnAddress'],
  ['2130706433', 'notAnAddress'],
  ['', 'notAnAddress'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.1',
  '169.253.255.255',
  '192.169.0.1',
  '198.20.0.1',
  '223.255.255.254',
  '2606:4700::1111',
  '2a00:1450:4001:800::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('classifyAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (ip, range) => {
    expect(classifyAddress(ip)).toMatchObject({ public: false, range });
  });

  it.each(PUBLIC)('lets %s through', (ip) => {
    expect(classifyAddress(ip)).toMatchObject({ public: true, range: 'public' });
  });

  it('names the IPv4 address an IPv6 form carries', () => {
    expect(classifyAddress('::ffff:7f00:1')).toEqual({ public: false, range: 'loopback', embedded: '127.0.0.1' });
    expect(classifyAddress('2002:7f00:1::').embedded).toBe('127.0.0.1');
    expect(classifyAddress('64:ff9b::808:808')).toEqual({ public: true, range: 'public', embedded: '8.8.8.8' });
  });
});

describe('spellings of a URL host, as `new URL` normalises them', () => {
  // [URL, what new URL makes of the host, the range]
  const URLS: [string, string, string][] = [
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://127.0.0.1./', '127.0.0.1', 'loopback'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1', 'loopback'],
    ['http://0/', '0.0.0.0', 'unspecified'],
    ['http://100.64.1/', '100.64.0.1', 'sharedAddressSpace'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254', 'linkLocal'],
    ['http://[::ffff:127.0.0.1]:8080/', '::ffff:7f00:1', 'loopback'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1', 'loopback'],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe', 'linkLocal'],
    ['http://[::127.0.0.1]/', '::7f00:1', 'ipv4Compatible'],
    ['http://[64:ff9b::127.0.0.1]/', '64:ff9b::7f00:1', 'loopback'],
    ['https://[::]/', '::', 'unspecified'],
    ['https://8.8.8.8/', '8.8.8.8', 'public'],
    ['https://[2606:4700::1111]/', '2606:4700::1111', 'public'],
  ];
  it.each(URLS)('%s → %s (%s)', (url, host, range) => {
    expect(hostOf(url)).toBe(host);
    expect(classifyAddress(host).range).toBe(range);
    expect(hasInternalLiteralHost(url)).toBe(range !== 'public');
  });

  it('leaves names to the delivery (they may resolve anywhere later)', () => {
    expect(hasInternalLiteralHost('https://hooks.example.com/x')).toBe(false);
    expect(hasInternalLiteralHost('http://localhost:3000/')).toBe(false);
  });
});

describe('checkHost', () => {
  const answers =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is internal, the same words whatever it is', async () => {
    for (const resolve of [
      answers('127.0.0.1'),
      answers('8.8.8.8', '10.0.0.5'),
      answers('2606:4700::1111', '::ffff:7f00:1'),
      answers('169.254.169.254'),
    ])
      await expect(checkHost('hooks.example.com', { resolve })).rejects.toMatchObject({
        kind: 'refused',
        message: 'refused: internal address',
      });
    await expect(checkHost('localhost')).rejects.toMatchObject({ kind: 'refused' });
    await expect(checkHost('[::ffff:127.0.0.1]')).rejects.toMatchObject({ kind: 'refused' });
  });

  it('answers the checked addresses of a public name, resolved once; private ones only when allowed', async () => {
    let calls = 0;
    const resolve: Resolver = async () => {
      calls++;
      return [{ address: '8.8.8.8', family: 4 }];
    };
    await expect(checkHost('hooks.example.com', { resolve })).resolves.toEqual({
      host: 'hooks.example.com',
      literal: false,
      addresses: [{ address: '8.8.8.8', family: 4 }],
    });
    expect(calls).toBe(1);
    await expect(checkHost('127.0.0.1', { allowPrivate: true })).resolves.toMatchObject({
      literal: true,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    await expect(checkHost('nowhere.invalid', { resolve: answers() })).rejects.toMatchObject({ kind: 'dns' });
  });
});
