import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './simulator';
import { command, parseDeliveries, parseInventory, queryConsole } from './tls';

/** The simulator and the TCP client together, over a real loopback socket. */
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const chart = [
  { heightMm: 0, litres: 0 },
  { heightMm: 2000, litres: 10_000 },
];

describe('simulated TLS console', () => {
  it('answers i201 and i202 on one connection with levels that move', async () => {
    let now = new Date('2026-05-01T08:00:00Z');
    sim = await startSimulator({
      tanks: [
        { tankNumber: 1, capacity: 10_000, volume: 6000, chart, drawPerHour: 100, waterMm: 20 },
        { tankNumber: 2, capacity: 20_000, volume: 15_000 },
      ],
      clock: () => now,
      noise: false,
      timezone: 'Africa/Johannesburg',
    });
    const [inv, del] = await queryConsole(sim.host, sim.port, [command('201'), command('202')], { timeoutMs: 2000 });
    const report = parseInventory(inv);
    expect(report.at).toEqual({ year: 2026, month: 5, day: 1, hour: 10, minute: 0 }); // console local time (UTC+2)
    expect(report.tanks.map((t) => t.tankNumber)).toEqual([1, 2]);
    // Tank 1: 6000 L of product over 20 mm of water (100 L): level 6100 L ↔ 1220 mm.
    expect(report.tanks[0]).toMatchObject({ volume: 6000, water: 20, waterVolume: 100, height: 1220, ullage: 3900 });
    expect(parseDeliveries(del).deliveries).toEqual([]);

    now = new Date('2026-05-01T10:00:00Z');
    const [later] = await queryConsole(sim.host, sim.port, [command('201', 1)], { timeoutMs: 2000 });
    expect(parseInventory(later).tanks).toMatchObject([{ tankNumber: 1, volume: 5800 }]);
    expect(sim.served).toBe(3);
  });

  it('refills a tank that runs low and reports the delivery in i202', async () => {
    let now = new Date('2026-05-01T00:00:00Z');
    sim = await startSimulator({
      tanks: [{ tankNumber: 3, capacity: 10_000, volume: 1600, drawPerHour: 200 }],
      clock: () => now,
      noise: false,
    });
    now = new Date('2026-05-01T01:00:00Z'); // 1400 L < 15 % of 10 000 → filled to 8500
    const [inv, del] = await queryConsole(sim.host, sim.port, [command('201'), command('202')], { timeoutMs: 2000 });
    expect(parseInventory(inv).tanks[0].volume).toBe(8500);
    const d = parseDeliveries(del).deliveries;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({
      tankNumber: 3,
      startVolume: 1400,
      endVolume: 8500,
      start: { hour: 0, minute: 40 },
      end: { hour: 1, minute: 0 },
    });
  });

  it('answers an unknown command with the console refusal', async () => {
    sim = await startSimulator({ tanks: [] });
    const [reply] = await queryConsole(sim.host, sim.port, ['\x01i99900'], { timeoutMs: 2000 });
    expect(reply).toBe('\x019999FF1B\x03');
    expect(() => parseInventory(reply)).toThrow(/did not understand/);
  });

  it('can misbehave: bad checksum, truncated reply, silence, closed connection', async () => {
    sim = await startSimulator({ tanks: [{ tankNumber: 1, capacity: 1000, volume: 500 }] });
    sim.fault = 'corrupt';
    const [bad] = await queryConsole(sim.host, sim.port, [command('201')], { timeoutMs: 2000 });
    expect(() => parseInventory(bad)).toThrow(/Checksum mismatch/);
    sim.fault = 'truncate';
    await expect(queryConsole(sim.host, sim.port, [command('201')], { timeoutMs: 2000 })).rejects.toThrow(
      /The reply is truncated: the connection closed after \d+ characters/,
    );
    sim.fault = 'silent';
    await expect(queryConsole(sim.host, sim.port, [command('201')], { timeoutMs: 300 })).rejects.toThrow(
      'Timed out after 300 ms waiting for the reply to i20100',
    );
    sim.fault = 'refuse';
    await expect(queryConsole(sim.host, sim.port, [command('201')], { timeoutMs: 2000 })).rejects.toThrow(
      /closed the connection without answering|closed the connection/,
    );
  });

  it('reports a port with nothing listening as refused', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    await expect(queryConsole('127.0.0.1', port, [command('201')], { timeoutMs: 2000 })).rejects.toThrow(
      `Connection refused by 127.0.0.1:${port}`,
    );
  });
});
