import { GAUGE_DEVICES_LIST, GaugeDeviceRow, TestConnectionResult, type GaugeDevice } from '@/contract/gauges';
import { api } from '@/lib/api';
import { relative, resourceClient } from '@/lib/resource';

/** `/iotSetup`'s calls: the device resource, test connection and key rotation. */
export const devices = resourceClient(GAUGE_DEVICES_LIST.path, GaugeDeviceRow);

const rel = relative(GAUGE_DEVICES_LIST.path);
export const testConnection = (id: string) => api.post(`${rel}/${id}/test`, {}, TestConnectionResult, { quiet: true });
export const rotateKey = (id: string): Promise<GaugeDevice> =>
  api.post(`${rel}/${id}/rotate-key`, {}, GaugeDeviceRow, { quiet: true });

/** "4 min ago", "2 h ago", "3 d ago": how long since a device was last heard from. */
export function ageOf(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** 300 → "5 min", 90 → "90 s", 7200 → "2 h". */
export function intervalText(s: number): string {
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0 && s >= 120) return `${s / 60} min`;
  return `${s} s`;
}
