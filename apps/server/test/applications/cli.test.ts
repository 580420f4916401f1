import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';

// each invocation starts the CLI through tsx: seconds apiece, more on a loaded machine
const SLOW = 180_000;
const BIN = path.resolve(import.meta.dirname, '../../bin/opsdeck.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-application-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function opsdeck(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        env: { ...process.env, LOG_LEVEL: 'silent', OPSDECK_DATA_DIR: path.join(dir, 'db'), DATABASE_URL: '' },
        timeout: SLOW,
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const application = (extra = '') => `apiVersion: mission-control.flanksource.com/v1
kind: Application
metadata:
  name: shop
  namespace: sales
spec:
  type: Web shop
  description: The web shop
  mapping:
    logins:
      - types: [SQL::Database]${extra}
  sections:
    - title: Dashboard
      viewRef: { name: shop-dashboard }
`;

describe('opsdeck apply -f with an Application', () => {
  it(
    'stores it unchanged, updates it on re-apply, and refuses a bad one naming the path',
    async () => {
      writeFileSync(path.join(dir, 'shop.yaml'), application());
      writeFileSync(path.join(dir, 'bad.yaml'), application('\n        typo: true'));
      const first = await opsdeck(['apply', '-f', path.join(dir, 'shop.yaml')]);
      expect(first.stdout.trim(), first.stderr).toBe('application sales/shop created');
      const again = await opsdeck(['apply', '-f', path.join(dir, 'shop.yaml')]);
      expect(again.stdout.trim()).toBe('application sales/shop configured');
      const bad = await opsdeck(['apply', '-f', path.join(dir, 'bad.yaml')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('spec.mapping.logins[0].typo: unknown field');
      const db = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        const rows = await db.kysely
          .selectFrom('applications')
          .select(['name', 'namespace', 'description', 'source', 'spec'])
          .execute();
        expect(rows).toEqual([
          {
            name: 'shop',
            namespace: 'sales',
            description: 'The web shop',
            source: 'ConfigFile',
            spec: {
              type: 'Web shop',
              description: 'The web shop',
              mapping: { logins: [{ types: ['SQL::Database'] }] },
              sections: [{ title: 'Dashboard', viewRef: { name: 'shop-dashboard' } }],
            },
          },
        ]);
      } finally {
        await db.close();
      }
    },
    SLOW * 2,
  );
});
