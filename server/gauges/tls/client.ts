import net from 'node:net';
import { isComplete, SOH, TlsProtocolError } from './frame';

/** A reply larger than this is not a TLS answer (a 99-tank i202 is well under 100 kB). */
const MAX_REPLY = 512 * 1024;

export interface QueryOptions {
  /** The whole exchange (connect, every command, every reply) must finish within this. */
  timeoutMs: number;
}

/** A network failure in words a person setting up the gauge can act on. */
function describe(e: NodeJS.ErrnoException, host: string, port: number): string {
  switch (e.code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${host}:${port} (nothing listening on that port)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Host ${host} not found`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from the server`;
    case 'ECONNRESET':
      return `${host}:${port} closed the connection`;
    default:
      return `${e.code ?? 'Error'}: ${e.message}`;
  }
}

/**
 * Sends computer-format commands to a console over one TCP connection, one after the other, and
 * returns each complete reply (up to its `<ETX>`). Fails with a clear message on timeout, refusal
 * or a connection closed mid-reply; the socket is always destroyed.
 */
export function queryConsole(host: string, port: number, commands: string[], opts: QueryOptions): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const replies: string[] = [];
    let buffer = '';
    let settled = false;
    const socket = net.createConnection({ host, port });
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(replies);
    };
    const timer = setTimeout(() => {
      const what =
        replies.length === 0 && !socket.readyState.startsWith('open')
          ? `connecting to ${host}:${port}`
          : `waiting for the reply to ${commands[replies.length]?.replace(SOH, '') ?? 'the command'}`;
      finish(new Error(`Timed out after ${opts.timeoutMs} ms ${what}`));
    }, opts.timeoutMs);
    const sendNext = () => {
      if (replies.length === commands.length) {
        finish(null);
        return;
      }
      buffer = '';
      socket.write(commands[replies.length], 'latin1');
    };
    socket.on('connect', sendNext);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REPLY) {
        finish(new TlsProtocolError(`The reply exceeds ${MAX_REPLY} bytes: not a TLS console`));
        return;
      }
      // The console's refusal (<SOH>9999FF1B<ETX>) is complete too; the parser explains it.
      if (isComplete(buffer)) {
        replies.push(buffer);
        sendNext();
      }
    });
    socket.on('error', (e) => finish(new Error(describe(e, host, port))));
    socket.on('close', () => {
      if (!settled)
        finish(
          new TlsProtocolError(
            buffer
              ? `The reply is truncated: the connection closed after ${buffer.length} characters`
              : `${host}:${port} closed the connection without answering`,
          ),
        );
    });
  });
}
