import { describe, expect, it } from 'vitest';
import type { ControllerConfig } from '../../../src/contract/devices-config';
import { toIni } from './ini';

const config: ControllerConfig = {
  formatVersion: 1,
  generatedAt: '2026-11-01T00:00:00.000Z',
  store: { id: 's1', code: 'S1', name: 'North; yard [2]', variant: 'FAMS24', timezone: 'UTC' },
  tagSalt: 's1',
  tanks: [{ pump: 1, code: 'T1', name: 'Diesel', productCode: 'D', capacity: 10000 }],
  products: [{ code: 'D', name: 'Diesel', unit: 'L', price: 1.5 }],
  equipment: [{ fleetNo: 'F1', tagHashes: ['a', 'b'], pinRequired: true, odometerRequired: false }],
  employees: [{ number: 'E1', name: 'Ann "A" Lee', tagHash: null, pinHash: 'scrypt$1$x=' }],
  allocations: [],
};

describe('controller INI', () => {
  it('writes sections, CRLF lines, booleans as 1/0 and quotes values that would change a line', () => {
    const ini = toIni(config);
    expect(ini).toContain('[store]\r\nid=s1\r\ncode=S1\r\nname="North; yard [2]"\r\n');
    expect(ini).toContain('[pump.1]\r\ntank_code=T1\r\ntank_name=Diesel\r\nproduct=D\r\ncapacity_l=10000\r\n');
    expect(ini).toContain(
      '[equipment.1]\r\nfleet_no=F1\r\ntag_hashes=a,b\r\npin_required=1\r\nodometer_required=0\r\n',
    );
    expect(ini).toContain('name="Ann \\"A\\" Lee"\r\ntag_hash=\r\npin_hash="scrypt$1$x="');
    expect(ini).not.toMatch(/[^\r]\n/);
  });
});
