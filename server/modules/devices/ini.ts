import type { ControllerConfig } from '../../../src/contract/devices-config';

/**
 * A controller configuration as an INI file (docs/controller-config.md): `[section]` headers,
 * `key=value` lines, one numbered section per list item (`[tank.1]`, `[equipment.3]`…). Values are
 * written as they are, except that line breaks, `;`, `#`, `=`, `[` and `]` and surrounding spaces
 * would change how a line reads: such a value is written in double quotes with `\` escapes.
 */
export function toIni(c: ControllerConfig): string {
  const out: string[] = [
    '; FAMS site controller configuration',
    `; store ${c.store.code}, generated ${c.generatedAt}`,
    '',
  ];
  const section = (name: string, values: Record<string, unknown>) => {
    out.push(`[${name}]`);
    for (const [k, v] of Object.entries(values)) out.push(`${k}=${value(v)}`);
    out.push('');
  };
  section('fams', { format_version: c.formatVersion, generated_at: c.generatedAt, tag_salt: c.tagSalt });
  section('store', c.store);
  c.tanks.forEach((t) =>
    section(`pump.${t.pump}`, {
      tank_code: t.code,
      tank_name: t.name,
      product: t.productCode,
      capacity_l: t.capacity,
    }),
  );
  c.products.forEach((p, i) => section(`product.${i + 1}`, p));
  c.equipment.forEach((e, i) =>
    section(`equipment.${i + 1}`, {
      fleet_no: e.fleetNo,
      tag_hashes: e.tagHashes.join(','),
      pin_required: e.pinRequired,
      odometer_required: e.odometerRequired,
    }),
  );
  c.employees.forEach((e, i) =>
    section(`employee.${i + 1}`, { number: e.number, name: e.name, tag_hash: e.tagHash, pin_hash: e.pinHash }),
  );
  c.allocations.forEach((a, i) =>
    section(`allocation.${i + 1}`, {
      product: a.productCode,
      subject: a.subject,
      subject_code: a.subjectCode,
      daily_limit_l: a.dailyLimit,
      monthly_limit_l: a.monthlyLimit,
      max_per_transaction_l: a.maxPerTransaction,
      weekdays: a.weekdays?.join(',') ?? null,
      hours_from: a.hoursFrom,
      hours_to: a.hoursTo,
    }),
  );
  return out.join('\r\n');
}

/** null → empty; booleans → 1/0; text that would change the line's meaning → quoted. */
function value(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  const s = String(v);
  if (!/[\r\n;#="[\]\\]|^\s|\s$/.test(s)) return s;
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;
}
