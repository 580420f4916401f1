import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { loadMigrations, migrate, migrationChecksum } from '../../src/db/migrate.js';
import { createTestDb } from '../helpers/db.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** The migrations of this build with the text of `version` edited after it was applied. */
function withEdited(version: number) {
  return loadMigrations().map((m) =>
    m.version === version
      ? { ...m, sql: `${m.sql}\n-- edited`, checksum: migrationChecksum(`${m.sql}\n-- edited`) }
      : m,
  );
}

describe('migrate', () => {
  it('starts on a database holding every migration of this build unchanged', async () => {
    const result = await migrate(db, loadMigrations(), { allowChanged: false });
    expect(result).toMatchObject({ applied: [], changed: [] });
  });

  it('refuses to start when an applied migration file changed, naming the file', async () => {
    const first = loadMigrations()[0];
    if (!first) throw new Error('no migrations');
    const file = `${String(first.version).padStart(3, '0')}_${first.name}.sql`;
    await expect(migrate(db, withEdited(first.version), { allowChanged: false })).rejects.toThrow(
      new RegExp(`${file} changed after being applied.*OPSDECK_ALLOW_CHANGED_MIGRATIONS=1`),
    );
  });

  it('starts anyway with the escape hatch, warning about each changed file', async () => {
    const first = loadMigrations()[0];
    if (!first) throw new Error('no migrations');
    const warnings: string[] = [];
    const result = await migrate(db, withEdited(first.version), {
      allowChanged: true,
      warn: (m) => warnings.push(m),
    });
    expect(result.applied).toEqual([]);
    expect(result.changed).toEqual([`${String(first.version).padStart(3, '0')}_${first.name}.sql`]);
    expect(warnings).toHaveLength(1);
    // the stored checksum stays the applied one: the next start without the escape hatch refuses again
    const { rows } = await sql<{
      checksum: string;
    }>`select checksum from schema_migrations where version = ${first.version}`.execute(db.kysely);
    expect(rows[0]?.checksum).toBe(first.checksum);
  });

  it('reads a checkout with CRLF line endings as the same migration', () => {
    const text = 'create table t (\n  id int\n);\n';
    expect(migrationChecksum(text.replace(/\n/g, '\r\n'))).toBe(migrationChecksum(text));
  });
});
