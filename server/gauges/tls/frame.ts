/**
 * Veeder-Root TLS "computer format" framing (TLS-300/350/450 serial interface manual, §
 * "Computer format"): a command is `<SOH>` + function code (`i201`) + tank (`00` = all); a reply
 * is `<SOH>` + the echoed command + data + `&&` + 4 hex digits of checksum + `<ETX>`. The checksum
 * is the 16-bit two's complement of the sum of every character from `<SOH>` through `&&`, so the
 * sum of those characters plus the checksum is 0 modulo 65 536.
 */
export const SOH = '\x01';
export const ETX = '\x03';

/** A reply that is not a valid computer-format answer; the message says what is wrong. */
export class TlsProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TlsProtocolError';
  }
}

/** The checksum of `text` (which includes `<SOH>` … `&&`), as the 4 upper-case hex digits sent. */
export function checksumOf(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum + text.charCodeAt(i)) & 0xffff;
  return ((0x10000 - sum) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

/** `<SOH>` + body + `&&` + checksum + `<ETX>`: what a console sends. */
export function frame(body: string): string {
  const head = `${SOH}${body}&&`;
  return `${head}${checksumOf(head)}${ETX}`;
}

/** A command: `<SOH>i20100`. Tank 0 = all tanks. */
export function command(fn: '201' | '202', tank = 0): string {
  if (!Number.isInteger(tank) || tank < 0 || tank > 99) throw new RangeError(`Tank number ${tank} is not 0–99`);
  return `${SOH}i${fn}${String(tank).padStart(2, '0')}`;
}

/**
 * Checks a complete reply and returns its body (between `<SOH>` and `&&`). Throws a
 * TlsProtocolError for a console error answer, a missing end or checksum, or a checksum mismatch.
 */
export function unframe(reply: string): string {
  const start = reply.indexOf(SOH);
  if (start < 0) throw new TlsProtocolError('The reply does not start with <SOH>: not a computer-format answer');
  const text = reply.slice(start);
  // An unknown or refused command is answered `<SOH>9999FF1B<ETX>` without a checksum.
  if (text.startsWith(`${SOH}9999`))
    throw new TlsProtocolError(
      'The console did not understand the command (9999FF1B): is it a TLS in computer format?',
    );
  const end = text.indexOf(ETX);
  if (end < 0) throw new TlsProtocolError(`The reply is truncated: no <ETX> after ${text.length} characters`);
  const amp = text.lastIndexOf('&&', end);
  if (amp < 0) throw new TlsProtocolError('The reply has no checksum (&&CCCC before <ETX>)');
  const sent = text.slice(amp + 2, end);
  if (!/^[0-9A-Fa-f]{4}$/.test(sent)) throw new TlsProtocolError(`The reply's checksum "${sent}" is not 4 hex digits`);
  const computed = checksumOf(text.slice(0, amp + 2));
  if (computed !== sent.toUpperCase())
    throw new TlsProtocolError(
      `Checksum mismatch: the reply says ${sent.toUpperCase()}, its characters add up to ${computed} (corrupted in transit)`,
    );
  return text.slice(1, amp);
}

/** True when `buffer` holds a whole reply (ends with ETX after an SOH): the reader can stop. */
export function isComplete(buffer: string): boolean {
  const start = buffer.indexOf(SOH);
  return start >= 0 && buffer.indexOf(ETX, start) > start;
}
