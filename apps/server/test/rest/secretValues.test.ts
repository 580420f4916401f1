import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { KnownSecrets, maskTexts } from '../../src/rest/secretValues.js';
import { createTestDb } from '../helpers/db.js';

// The value side of the masking mechanism: secrets a job handled, replaced wherever its output
// quotes them (plain, URL-encoded, or as the base64 of a basic auth header).
describe('KnownSecrets', () => {
  it('replaces every known value, its URL-encoded form and its basic auth value', () => {
    const known = new KnownSecrets();
    known.add('p@ss/word!');
    known.addBasic('svc', 'hunter22');
    const basic = Buffer.from('svc:hunter22').toString('base64');
    const text = `GET http://svc:${encodeURIComponent('p@ss/word!')}@h/ said p@ss/word! and Basic ${basic}, hunter22`;
    expect(known.mask(text)).toBe('GET http://svc:********@h/ said ******** and Basic ********, ********');
  });

  it('masks the longest value first, so no tail of a secret shows', () => {
    const known = new KnownSecrets();
    known.add('abcd');
    known.add('abcdefgh');
    expect(known.mask('x abcdefgh y')).toBe('x ******** y');
  });

  it('leaves short values and the marker alone', () => {
    const known = new KnownSecrets();
    known.add('ab');
    known.add('********');
    known.add(undefined);
    expect(known.size).toBe(0);
    expect(known.mask('ab cab')).toBe('ab cab');
  });
});

// Texts the SQL masker cannot change are not sent to it; those it can change still are.
describe('maskTexts', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const texts = [
    'curl https://svc:hunter22@api.example.com/v1',
    'shoutrrr://abcdefghijklmnopqrstu@host',
    'GET /v1?page=2&access_token=abc123',
    'conn; Password=abc123',
    'host=db password=hunter22 dbname=app',
    'hook at /T0123/B0123/abcdef0123456789abcdef',
    'Authorization: Bearer eyJabc.def123',
    'basic dXNlcjpwYXNzd29yZA==',
    '6f1c0e9e-5b0a-4d3e-9c53-0d3f5f6b1c2a\n',
    'keep-alive: timeout=5',
    'select count(*) from playbook_runs',
    'exit code 1: /usr/bin/false',
  ];

  it('answers what the SQL masker answers for every text, in order', async () => {
    const { rows } = await sql<{ t: string }>`
      select opsdeck_mask_url(u.e) as t from unnest(${texts}::text[]) with ordinality as u(e, n) order by u.n`.execute(
      db.kysely,
    );
    const expected = rows.map((r) => r.t);
    expect(expected.slice(0, 8).every((t, i) => t !== texts[i])).toBe(true);
    expect(await maskTexts(db, texts)).toEqual(expected);
  });
});
