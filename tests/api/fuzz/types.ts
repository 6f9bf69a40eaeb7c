/** What the fuzz walker takes and reports (`../fuzz.ts`). */
import type { RouteEntry } from '../../../server/plugins/access';

export interface Caller {
  name: string;
  roles: string[];
  headers: Record<string, string>;
}

/** What the walker needs to run a query against the server's database. */
export type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface FuzzOptions {
  base: string;
  routes: RouteEntry[];
  /** Signed-in callers, tried in order: the first whose roles satisfy a route's rule calls it. */
  callers: Caller[];
  query: Query;
  /** Cases per route. */
  runs: number;
  seed?: number;
  /** Routes not walked (`METHOD /url`), each for a stated reason. */
  skip?: Record<string, string>;
  /** Called after each case (progress in the bench). */
  onCase?: (c: CaseResult) => void;
}

export interface FuzzCase {
  kind: string;
  params: Record<string, string>;
  query: string;
  body?: { type?: string; data: string | Uint8Array };
}
export interface CaseResult {
  route: string;
  caller: string;
  kind: string;
  request: string;
  status: number;
  problem?: string;
}
export interface FuzzReport {
  routes: number;
  /** Routes for which a valid body or query could be derived (mutations reach past validation). */
  withValidBase: number;
  /** Routes with a body or query schema from which no valid input could be derived (hostile inputs only). */
  noValidBase: string[];
  cases: number;
  byClass: Record<string, number>;
  byKind: Record<string, number>;
  failures: CaseResult[];
  skipped: string[];
  ms: number;
}
