import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { CLI_TIMEOUT, cliOnEmbeddedDb } from '../helpers/cli.js';

const SLOW = CLI_TIMEOUT;
const { dir, opsdeck } = cliOnEmbeddedDb('opsdeck-topology-cli');

const topology = (extra = '') => `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: estate
  namespace: ops
spec:
  schedule: "@every 10m"
  components:
    - name: api
      type: service${extra}
`;

describe('opsdeck apply -f with a Topology', () => {
  it(
    'stores it, updates it on re-apply, and refuses a bad one naming the path',
    async () => {
      writeFileSync(path.join(dir, 'estate.yaml'), topology());
      writeFileSync(path.join(dir, 'bad.yaml'), topology('\n      lookup:\n        http:\n          - name: x'));
      const first = await opsdeck(['apply', '-f', path.join(dir, 'estate.yaml')]);
      expect(first.stdout.trim(), first.stderr).toBe('topology ops/estate created');
      const again = await opsdeck(['apply', '-f', path.join(dir, 'estate.yaml')]);
      expect(again.stdout.trim()).toBe('topology ops/estate unchanged');
      const bad = await opsdeck(['apply', '-f', path.join(dir, 'bad.yaml')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/spec\.components\[0\]\.lookup\.http\[0\]\.url/);
      const db = await openDatabase({ dataDir: path.join(dir, 'db') });
      try {
        const rows = await db.kysely
          .selectFrom('topologies')
          .select(['name', 'namespace', 'schedule', 'source'])
          .execute();
        expect(rows).toEqual([{ name: 'estate', namespace: 'ops', schedule: '@every 10m', source: 'ConfigFile' }]);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );
});
