import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { keepExpr, maskExpr, OUTPUT_SECRETS, SPEC_SECRETS } from '../../src/rest/secrets.js';
import { createTestDb } from '../helpers/index.js';

// A secret path that lands on an object or a list masks everything inside it, on both engines;
// writes that send such a container back masked, or with one value changed, keep the rest.

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

const spec = {
  credentials: { username: 'svc', password: 'Cr3dPass' },
  token: ['TokA11', 'TokB22'],
  password: { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
  headers: { Authorization: 'Bearer HeaderTok3n99', Accept: 'application/json' },
};

async function masked(doc: unknown, rules = SPEC_SECRETS) {
  const { rows } = await sql<{
    v: unknown;
  }>`select ${maskExpr(rules, sql`${JSON.stringify(doc)}::jsonb`, 'jsonb')} as v`.execute(db.kysely);
  return rows[0]?.v;
}

async function kept(doc: unknown, old: unknown) {
  const value = sql`${JSON.stringify(doc)}::jsonb`;
  const { rows } = await sql<{
    v: unknown;
  }>`select ${keepExpr(SPEC_SECRETS, value, sql`${JSON.stringify(old)}::jsonb`, 'jsonb')} as v`.execute(db.kysely);
  return rows[0]?.v;
}

describe('secret containers', () => {
  it('masks every value of an object or list under a secret key, and keeps secret references readable', async () => {
    const out = (await masked(spec)) as typeof spec;
    expect(out.credentials).toEqual({ username: '********', password: '********' });
    expect(out.token).toEqual(['********', '********']);
    expect(out.password).toEqual(spec.password);
    expect(out.headers).toEqual({ Authorization: '********', Accept: 'application/json' });
  });

  it('leaves error texts nested under errors readable', async () => {
    const details = {
      errors: { pod: { error: { error: 'forbidden at http://u:Pw9@h/' } } },
      scrape_summary: { added: 4 },
    };
    expect(await masked(details, OUTPUT_SECRETS)).toEqual({
      errors: { pod: { error: { error: 'forbidden at http://u:********@h/' } } },
      scrape_summary: { added: 4 },
    });
  });

  it('keeps the stored values of a container sent back masked or partly edited', async () => {
    const back = (await masked(spec)) as typeof spec;
    expect(await kept(back, spec)).toEqual(spec);
    const edited = { ...back, credentials: { ...back.credentials, username: 'other' } };
    expect(await kept(edited, spec)).toEqual({ ...spec, credentials: { username: 'other', password: 'Cr3dPass' } });
  });
});
