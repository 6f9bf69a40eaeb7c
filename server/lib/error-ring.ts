/**
 * The last error-level log entries of this process, for `/Diagnostic`: a pino stream (the logger
 * tees `error` and `fatal` into it, after redaction), bounded, in memory. Not a table on purpose:
 * errors often come from the database, which is then the one place that cannot take them; it adds
 * no write to any request; and it holds only what the log already holds. It is per process and
 * empty after a restart — the log collector keeps the history.
 */
export interface RecentError {
  at: string;
  message: string;
  detail: string | null;
}

const TEXT_MAX = 500;
const cut = (s: string) => (s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX)}…` : s);

export class ErrorRing {
  private items: RecentError[] = [];
  constructor(readonly size = 50) {}

  /** pino's stream interface: one JSON line per entry. */
  write(line: string): void {
    try {
      const e = JSON.parse(line) as {
        time?: number;
        msg?: string;
        err?: { type?: string; message?: string; code?: string };
        req?: { method?: string; url?: string };
      };
      const err = e.err ? [e.err.type, e.err.code, e.err.message].filter(Boolean).join(' ') : '';
      const req = e.req ? `${e.req.method ?? ''} ${e.req.url ?? ''}`.trim() : '';
      this.push({
        at: new Date(e.time ?? Date.now()).toISOString(),
        message: cut(e.msg || err || 'error'),
        detail: [err, req].filter(Boolean).join(' — ') ? cut([err, req].filter(Boolean).join(' — ')) : null,
      });
    } catch {
      this.push({ at: new Date().toISOString(), message: cut(line.trim()), detail: null });
    }
  }

  push(e: RecentError): void {
    this.items.push(e);
    if (this.items.length > this.size) this.items.splice(0, this.items.length - this.size);
  }

  /** Newest first. */
  list(): RecentError[] {
    return [...this.items].reverse();
  }
}

/** The process's ring, filled by `createLogger`. */
export const recentErrors = new ErrorRing(50);
