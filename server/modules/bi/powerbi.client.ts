import { OutboundError, outboundFetch, type OutboundInit, type OutboundResponse } from '../../lib/outbound';

/**
 * The three Power BI calls an embed needs (ADR 041): a service principal's token from Entra ID
 * (client credentials), the report's embed URL and dataset, and an embed token for that report
 * with the account's row-level identity, so the report shows this account's rows only. Every
 * call goes through the guarded client (ADR 071: public addresses only, no redirects, a time limit,
 * a capped answer); any failure is a `PowerbiError` with a reason a person can act on.
 */
export class PowerbiError extends Error {}

export interface PowerbiTarget {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  workspaceId: string;
  reportId: string;
  rlsRole: string;
  /** The row-level identity: the account's key, which the dataset's role filters on. */
  username: string;
}

/** Where Entra ID and the Power BI REST API answer; a test points them at loopback (no way out). */
export interface PowerbiHosts {
  authority: string;
  api: string;
}
export const POWERBI_HOSTS: PowerbiHosts = {
  authority: 'https://login.microsoftonline.com',
  api: 'https://api.powerbi.com/v1.0/myorg',
};
const TIMEOUT_MS = 8000;
/** A token or a report's description is a few kB. */
const MAX_ANSWER_BYTES = 256 * 1024;

async function call<T>(what: string, url: string, init: OutboundInit): Promise<T> {
  let res: OutboundResponse;
  try {
    res = await outboundFetch(url, init, { timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_ANSWER_BYTES });
  } catch (e) {
    if (e instanceof OutboundError && e.kind === 'redirect')
      throw new PowerbiError(`${what}: refused (HTTP ${e.status})`);
    throw new PowerbiError(`${what}: no answer (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!res.ok) throw new PowerbiError(`${what}: refused (HTTP ${res.status})`);
  try {
    return res.json<T>();
  } catch {
    throw new PowerbiError(`${what}: an answer that is not JSON`);
  }
}

export async function embedFor(
  t: PowerbiTarget,
  { authority: AUTHORITY, api: API }: PowerbiHosts = POWERBI_HOSTS,
): Promise<{ embedUrl: string; token: string }> {
  const aad = await call<{ access_token: string }>(
    'Signing in to Microsoft Entra ID',
    `${AUTHORITY}/${encodeURIComponent(t.tenantId)}/oauth2/v2.0/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: t.clientId,
        client_secret: t.clientSecret,
        scope: 'https://analysis.windows.net/powerbi/api/.default',
      }),
    },
  );
  const auth = { authorization: `Bearer ${aad.access_token}`, 'content-type': 'application/json' };
  const report = await call<{ embedUrl: string; datasetId: string }>(
    'Reading the report',
    `${API}/groups/${encodeURIComponent(t.workspaceId)}/reports/${encodeURIComponent(t.reportId)}`,
    { headers: auth },
  );
  const token = await call<{ token: string }>('Making the embed token', `${API}/GenerateToken`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      reports: [{ id: t.reportId }],
      datasets: [{ id: report.datasetId }],
      identities: [{ username: t.username, roles: [t.rlsRole], datasets: [report.datasetId] }],
    }),
  });
  return { embedUrl: report.embedUrl, token: token.token };
}
