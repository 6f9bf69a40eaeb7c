import { TlsProtocolError } from './frame';

/**
 * Reads the fixed-width fields of a computer-format body left to right, with a clear error when
 * the body ends early (a truncated reply) or a field does not parse.
 */
export class FieldReader {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  get position(): number {
    return this.pos;
  }

  take(n: number, field: string): string {
    if (this.pos + n > this.text.length) {
      throw new TlsProtocolError(
        `The ${this.what} reply is truncated: ${field} needs ${n} characters at position ${this.pos}, only ${this.text.length - this.pos} left`,
      );
    }
    const s = this.text.slice(this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  decimal(n: number, field: string): number {
    const s = this.take(n, field);
    if (!/^\d+$/.test(s))
      throw new TlsProtocolError(`The ${this.what} reply has "${s}" where ${field} (${n} digits) should be`);
    return Number(s);
  }

  hex(n: number, field: string): number {
    const s = this.take(n, field);
    if (!/^[0-9A-Fa-f]+$/.test(s))
      throw new TlsProtocolError(`The ${this.what} reply has "${s}" where ${field} (${n} hex digits) should be`);
    return parseInt(s, 16);
  }

  float(field: string): number {
    return hexToFloat(this.take(8, field), field, this.what);
  }

  /** YYMMDDHHmm: the console's local wall time. */
  dateTime(field: string): WallTime {
    const [y, mo, d, h, mi] = [0, 0, 0, 0, 0].map((_, i) =>
      this.decimal(2, `${field} (${['year', 'month', 'day', 'hour', 'minute'][i]})`),
    );
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59)
      throw new TlsProtocolError(`The ${this.what} reply has an impossible ${field}: ${[y, mo, d, h, mi].join('/')}`);
    return { year: 2000 + y, month: mo, day: d, hour: h, minute: mi };
  }
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** 8 hex digits → IEEE-754 single precision (big-endian, as the console sends it). */
export function hexToFloat(hex: string, field = 'value', what = 'TLS'): number {
  if (!/^[0-9A-Fa-f]{8}$/.test(hex))
    throw new TlsProtocolError(`The ${what} reply has "${hex}" where ${field} (8 hex digits) should be`);
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, parseInt(hex, 16));
  const v = view.getFloat32(0);
  if (!Number.isFinite(v)) throw new TlsProtocolError(`The ${what} reply's ${field} is not a finite number (${hex})`);
  return v;
}

export function floatToHex(v: number): string {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, v);
  return view.getUint32(0).toString(16).toUpperCase().padStart(8, '0');
}

export const two = (n: number) => String(n).padStart(2, '0');
export const wallText = (w: WallTime) =>
  `${two(w.year % 100)}${two(w.month)}${two(w.day)}${two(w.hour)}${two(w.minute)}`;
/** A count sent as 2 hex digits (the NN of computer format). */
export const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
