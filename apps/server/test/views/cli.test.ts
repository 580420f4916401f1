import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { CLI_TIMEOUT, cliOnEmbeddedDb } from '../helpers/cli.js';

const SLOW = CLI_TIMEOUT;
const { dir, opsdeck } = cliOnEmbeddedDb('opsdeck-view-cli');

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
      expect(again.stdout.trim()).toBe('view ops/pods unchanged');
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
