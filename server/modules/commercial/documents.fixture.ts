import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';

export const API = '/api/v1';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(512, 0)]);
export const tokenOf = (text: string) => /token=([\w.-]+)/.exec(text)?.[1] ?? '';

type Who = 'admin' | 'editor' | 'manager' | 'driver' | 'boss' | 'stranger' | 'nhManager';
export interface DocumentsFixture {
  srv: TestServer;
  s: Record<Who, Session>;
  customerA: string;
  customerB: string;
  customerNoMail: string;
  upload: (who: Session, id: string, body: Buffer | ReadableStream, fileName?: string) => Promise<Response>;
  newDoc: (extra?: Record<string, unknown>, who?: Session) => Promise<{ id: string; version: number }>;
  withFile: (
    extra?: Record<string, unknown>,
    who?: Session,
  ) => Promise<{ id: string; version: number; currentVersion: number }>;
  /** The stored files of a document on disk. */
  filesOf: (id: string, accountId?: number) => string[];
}

/**
 * One server per test file with three customers (two with an e-mail) and the upload helpers. Registers
 * its hooks; the returned object is filled in `beforeAll` (vitest runs API files with `isolate: false`).
 */
export function withDocumentsFixture(): DocumentsFixture {
  const fx = { s: {} } as DocumentsFixture;
  beforeAll(async () => {
    fx.srv = await startServer();
    for (const name of ['admin', 'editor', 'manager', 'driver'] as const)
      fx.s[name] = await session(fx.srv.url, DEMO[name][0], DEMO[name][1]);
    fx.s.boss = await session(fx.srv.url, ...DEMO.boss, 'Demo Fuels');
    fx.s.stranger = await session(fx.srv.url, ...DEMO.boss, 'North Haulage');
    fx.s.nhManager = await session(fx.srv.url, ...DEMO.multi, 'North Haulage');
    const customer = async (name: string, email?: string) => {
      const c = await fx.s.admin.send('POST', `${API}/customers`, {
        name,
        contacts: [{ name: 'Buyer', ...(email ? { email } : {}) }],
      });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      return c.body.id as string;
    };
    fx.customerA = await customer('Doc Mining A', 'a@example.com');
    fx.customerB = await customer('Doc Mining B', 'b@example.com');
    fx.customerNoMail = await customer('Doc Mining No Mail');
  });
  afterAll(async () => {
    await fx.srv?.close();
  });

  fx.upload = (who, id, body, fileName = 'file.pdf') =>
    fetch(`${fx.srv.url}${API}/documents/${id}/files?fileName=${encodeURIComponent(fileName)}`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/octet-stream' },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  fx.newDoc = async (extra = {}, who = fx.s.admin) => {
    const res = await who.send('POST', `${API}/documents`, { title: `Doc ${Math.random()}`, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; version: number };
  };
  fx.withFile = async (extra = {}, who = fx.s.admin) => {
    const d = await fx.newDoc(extra, who);
    const up = await fx.upload(who, d.id, PDF, 'sheet.pdf');
    expect(up.status, await up.clone().text()).toBe(201);
    return (await up.json()) as { id: string; version: number; currentVersion: number };
  };
  fx.filesOf = (id, accountId = fx.s.admin.item.account.accountId) => {
    const dir = path.join(fx.srv.dataDir, 'files', 'accounts', String(accountId), 'documents', id);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  return fx;
}
