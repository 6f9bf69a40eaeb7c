import type { FieldRecordKind } from '@/contract/dispensing';

/**
 * A rejected record in words: the server answers `fieldErrors` keyed by the payload's field path
 * (`litres`, `dispensedAt`, `gps.lat`) with the contract's messages ("Litres must be more than 0")
 * or zod's defaults ("Too small: expected number to be >=0"). The field screens show them with the
 * label the user saw on the form: "Litres: must be more than 0". Pure, so it is tested without a browser.
 */

export type MeterType = 'km' | 'hours' | null | undefined;

interface Label {
  label: string;
  /** Words the messages start with for this field ("Meter cannot be negative"). */ aliases?: string[];
}

const TIME = (what: string): Label => ({ label: 'Time', aliases: [what] });

const COMMON: Record<string, Label> = {
  id: { label: 'Record id' },
  deviceId: { label: 'Device' },
  note: { label: 'Note' },
  litres: { label: 'Litres' },
  employeeId: { label: 'Employee' },
  temperatureC: { label: 'Temperature (°C)', aliases: ['Temperature'] },
};

const BY_KIND: Record<FieldRecordKind, Record<string, Label>> = {
  dispenses: {
    variant: { label: 'Site type' },
    storeId: { label: 'Store' },
    tankId: { label: 'Tank' },
    equipmentId: { label: 'Equipment' },
    costCentreId: { label: 'Cost centre' },
    meter: { label: 'Odometer or hours', aliases: ['Meter'] },
    meterAsked: { label: 'Meter reading asked' },
    dispensedAt: TIME('Dispensed at'),
    gps: { label: 'GPS position', aliases: ['GPS'] },
    employeeBy: { label: 'How the employee was identified' },
    acceptedWarnings: { label: 'Accepted warnings' },
  },
  transfers: {
    fromTankId: { label: 'From tank' },
    toTankId: { label: 'To tank' },
    toBowser: { label: 'Bowser', aliases: ['Bowser'] },
    transferredAt: TIME('Transferred at'),
  },
  receipts: {
    tankId: { label: 'Tank' },
    supplier: { label: 'Supplier' },
    deliveryNote: { label: 'Delivery note', aliases: ['Delivery note number', 'Delivery note'] },
    dipBeforeMm: { label: 'Dip before (mm)', aliases: ['Dip before'] },
    dipAfterMm: { label: 'Dip after (mm)', aliases: ['Dip after'] },
    receivedAt: TIME('Received at'),
  },
  dips: {
    tankId: { label: 'Tank' },
    productHeightMm: { label: 'Product height (mm)', aliases: ['Product height'] },
    waterHeightMm: { label: 'Water height (mm)', aliases: ['Water height'] },
    dippedAt: TIME('Dipped at'),
  },
};

/** The fields in the order the forms show them (lines of a rejection follow it). */
const ORDER: Record<FieldRecordKind, string[]> = {
  dispenses: [
    'storeId',
    'tankId',
    'equipmentId',
    'employeeId',
    'employeeBy',
    'litres',
    'meter',
    'meterAsked',
    'costCentreId',
    'note',
    'dispensedAt',
    'gps',
  ],
  transfers: ['fromTankId', 'toTankId', 'toBowser', 'litres', 'transferredAt', 'employeeId', 'note'],
  receipts: [
    'tankId',
    'supplier',
    'deliveryNote',
    'litres',
    'temperatureC',
    'dipBeforeMm',
    'dipAfterMm',
    'receivedAt',
    'note',
  ],
  dips: ['tankId', 'productHeightMm', 'waterHeightMm', 'temperatureC', 'dippedAt', 'note'],
};

/**
 * `deliveryNote` → "Delivery note", `dipAfterMm` → "Dip after (mm)", `storeId` → "Store": for a field this file does
 * not know yet.
 */
export function humanize(key: string): string {
  const mm = /Mm$/.test(key);
  const words = key
    .replace(/(Id|Mm)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return key;
  return `${words[0].toUpperCase()}${words.slice(1)}${mm ? ' (mm)' : ''}`;
}

function labelOf(kind: FieldRecordKind, path: string, meterType?: MeterType): Label | null {
  const head = path.split('.')[0];
  if (head === '' || head === '_') return null;
  if (kind === 'dispenses' && head === 'meter') {
    const label = meterType === 'hours' ? 'Hours' : meterType === 'km' ? 'Odometer (km)' : 'Odometer or hours';
    return { label, aliases: ['Meter', 'Odometer', 'Hours'] };
  }
  return BY_KIND[kind][head] ?? COMMON[head] ?? { label: humanize(head) };
}

/** The label of a field path as the form shows it ('' for the record as a whole). */
export function fieldLabel(kind: FieldRecordKind, path: string, meterType?: MeterType): string {
  return labelOf(kind, path, meterType)?.label ?? '';
}

/** zod's default messages, said the way the forms say things. */
const ZOD: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^Too small: expected number to be >=\s*(\S+)$/i, (m) => `must be at least ${m[1]}`],
  [/^Too small: expected number to be >\s*(\S+)$/i, (m) => `must be more than ${m[1]}`],
  [/^Too big: expected number to be <=\s*(\S+)$/i, (m) => `must be at most ${m[1]}`],
  [/^Too big: expected number to be <\s*(\S+)$/i, (m) => `must be less than ${m[1]}`],
  [/^Too small: expected string to have >=\s*1 characters?$/i, () => 'is required'],
  [/^Too small: expected string to have >=\s*(\d+) characters?$/i, (m) => `needs at least ${m[1]} characters`],
  [/^Too big: expected string to have <=\s*(\d+) characters?$/i, (m) => `at most ${m[1]} characters`],
  [/^Too big: expected array to have <=\s*(\d+) items?$/i, (m) => `at most ${m[1]}`],
  [/^Invalid input: expected \w+, received (undefined|null)$/i, () => 'is required'],
  [/^Required$/i, () => 'is required'],
  [/^Invalid input: expected number, received \w+$/i, () => 'must be a number'],
  [/^Invalid UUID$/i, () => 'is not one this server knows'],
  [/^Invalid option: .*$/i, () => 'is not one of the allowed values'],
  [/^Unrecognized keys?: .*$/i, () => 'is not expected'],
  [/^A date and time with zone \(ISO 8601\) is required$/i, () => 'must be a date and time'],
  [/^Invalid (ISO )?datetime$/i, () => 'must be a date and time'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One message for a field, without repeating the field's name: "Litres must be more than 0" → "must be more than 0".
 */
export function messageFor(label: Label | null, message: string): string {
  let text = message.trim().replace(/\.$/, '');
  for (const [re, say] of ZOD) {
    const m = text.match(re);
    if (m) {
      text = say(m);
      break;
    }
  }
  if (label) {
    const names = [label.label, ...(label.aliases ?? [])].sort((a, b) => b.length - a.length);
    for (const name of names) {
      const m = text.match(new RegExp(`^${escape(name)}(\\s*[:,-]\\s*|\\s+)(?=\\S)`, 'i'));
      if (m) {
        text = text.slice(m[0].length);
        break;
      }
    }
    // "must be more than 0", not "Must be more than 0"; keep "GPS …", "ISO …".
    if (/^[A-Z][a-z]/.test(text)) text = text[0].toLowerCase() + text.slice(1);
  }
  return text;
}

export interface FieldProblem {
  /** The payload's field path as the server sent it. */
  path: string;
  /** The form's label, '' for the record as a whole. */
  label: string;
  /** "Litres: must be more than 0" (or just the message for the record as a whole). */
  text: string;
}

/**
 * The rejection's field errors as lines for people, in the form's field order where known, with
 * the messages of one field joined. `meterType` names the dispense's meter field as the form did.
 */
export function describeFieldErrors(
  kind: FieldRecordKind,
  fieldErrors: Record<string, readonly string[]> | null | undefined,
  meterType?: MeterType,
): FieldProblem[] {
  if (!fieldErrors) return [];
  const order = ORDER[kind];
  const rank = (path: string) => {
    const i = order.indexOf(path.split('.')[0]);
    return i === -1 ? order.length : i;
  };
  return Object.entries(fieldErrors)
    .filter(([, msgs]) => msgs && msgs.length > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([path, msgs]) => {
      const label = labelOf(kind, path, meterType);
      const said = [...new Set(msgs.map((m) => messageFor(label, m)).filter(Boolean))].join('; ');
      const whole = said ? `${said[0].toUpperCase()}${said.slice(1)}` : 'Refused';
      return { path, label: label?.label ?? '', text: label ? `${label.label}: ${said || 'refused'}` : whole };
    });
}
