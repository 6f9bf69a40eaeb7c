import { describe, expect, it } from 'vitest';
import { isPrivateAddress, publicAddresses } from './net-address';

describe('publicAddresses', () => {
  it('refuses loopback, private and link-local targets unless allowed', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.1.1', '::1', 'fd00::1'])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:db8::1']) expect(isPrivateAddress(ip), ip).toBe(false);
    await expect(publicAddresses('127.0.0.1', false)).rejects.toThrow('127.0.0.1 is a private address');
    await expect(publicAddresses('[::1]', false)).rejects.toThrow('private');
    await expect(publicAddresses('127.0.0.1', true)).resolves.toEqual(['127.0.0.1']);
    await expect(publicAddresses('8.8.8.8', false)).resolves.toEqual(['8.8.8.8']);
  });
});
