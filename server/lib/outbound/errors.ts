/**
 * Why a guarded outgoing request failed (ADR 071), so a caller can tell a target that was never
 * contacted (`refused`, `bad-url`) from one that was and failed. Messages are short, the same for
 * every refused target (they say nothing of what listens there), and safe to show to the account.
 */
export type OutboundFailure =
  /** The target is an internal address (or a name that resolves to one): never contacted. */
  | 'refused'
  /** Not an http(s) address: never contacted. */
  | 'bad-url'
  /** The name does not resolve. */
  | 'dns'
  /** The connection failed or broke (refused, reset, unreachable, TLS). */
  | 'network'
  | 'timeout'
  /** A 3xx answer: redirects are never followed. */
  | 'redirect'
  /** The request body is over the cap: never sent. */
  | 'too-large';

export const REFUSED_INTERNAL = 'refused: internal address';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** The HTTP status of a `redirect`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }

  /** The target was never contacted, and contacting it again would be refused the same way. */
  get final() {
    return this.kind === 'refused' || this.kind === 'bad-url' || this.kind === 'too-large';
  }
}

export const refusedInternal = () => new OutboundError('refused', REFUSED_INTERNAL);

/** A socket or DNS error in words; the address and port are left out (the caller knows its target). */
export function networkError(e: unknown): OutboundError {
  if (e instanceof OutboundError) return e;
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NODATA':
    case 'EAI_NONAME':
      return new OutboundError('dns', 'host not found');
    case 'ECONNREFUSED':
      return new OutboundError('network', 'connection refused');
    case 'ECONNRESET':
    case 'EPIPE':
      return new OutboundError('network', 'connection reset');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new OutboundError('network', 'host unreachable');
    case 'ETIMEDOUT':
      return new OutboundError('timeout', 'no answer in time');
    default:
      if (code?.startsWith('ERR_TLS') || code?.includes('CERT') || code?.startsWith('ERR_SSL'))
        return new OutboundError('network', `TLS: ${code}`);
      return new OutboundError('network', code ? `network error (${code})` : 'network error');
  }
}
