import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';

// each invocation starts the CLI through tsx: seconds apiece, more on a loaded machine
const SLOW = 180_000;
const BIN = path.resolve(import.meta.dirname, '../../bin/opsdeck.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-view-cli-'));
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

const view = (type = 'string') => `apiVersion: mission-control.flanksource.com/v1
kind: View
metadata:
  name: pods
  namespace: ops
spec:
  display: {title: Pods, sidebar: true, icon: kubernetes}
  queries:
    pods:
      configs: {types: ["Kubernetes::Pod"]}
  columns:
    - {name: name, type: ${type}, primaryKey: true}
`;

describe('opsdeck apply -f with a View', () => {
  it(
    'stores it unchanged, updates it on re-apply, and refuses a bad one naming the path',
    async () => {
      writeFileSync(path.join(dir, 'pods.yaml'), view());
      writeFileSync(path.join(dir, 'bad.yaml'), view('text'));
      const first = await opsdeck(['apply', '-f', path.join(dir, 'pods.yaml')]);
      expect(first.stdout.trim(), first.stderr).toBe('view ops/pods created');
      const again = await opsdeck(['apply', '-f', path.join(dir, 'pods.yaml')]);
      expect(again.stdout.trim()).toBe('view ops/pods configured');
      const bad = await opsdeck(['apply', '-f', path.join(dir, 'bad.yaml')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/spec\.columns\[0\]\.type/);
      const db = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        const { rows } = await sql`select name, namespace, source, title, sidebar from views_summary`.execute(
          db.kysely,
        );
        expect(rows).toEqual([{ name: 'pods', namespace: 'ops', source: 'ConfigFile', title: 'Pods', sidebar: true }]);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );
});
