import { describe, expect, it } from 'vitest';
import { addressKey, lockSeconds, signInKeys, SIGN_IN_LADDER } from './throttle';

describe('sign-in throttle keys (ADR 072)', () => {
  it('names IPv4 as itself, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:12:a:b:c:d')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:DB8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts a known device on its own key, anything else per address with the ceiling', () => {
    expect(signInKeys({ userId: 7 }, { ip: '10.0.0.1', deviceNonce: 'abc' })).toEqual({ client: 'device:abc:7' });
    expect(signInKeys({ userId: 7 }, { ip: '10.0.0.1' })).toEqual({ client: 'user:7@10.0.0.1', ceiling: 'user:7' });
    expect(signInKeys({ name: 'nobody' }, { ip: '10.0.0.1', deviceNonce: 'abc' })).toEqual({
      client: 'name:nobody@10.0.0.1',
      ceiling: 'name:nobody',
    });
  });

  it('locks from the fifth failure for 1, 2, 4, 8 minutes, then 15 at most', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100].map((n) => lockSeconds(SIGN_IN_LADDER, n) / 60);
    expect(minutes).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 15, 15, 15]);
  });
});
