import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { CLI_TIMEOUT, cliOnEmbeddedDb } from '../helpers/cli.js';

const { dir, opsdeck } = cliOnEmbeddedDb('opsdeck-apply-cli');
const MC = 'apiVersion: mission-control.flanksource.com/v1';

const resources = (events: string) => `${MC}
kind: Notification
metadata: { name: failing, namespace: ops }
spec:
  events: [${events}]
  to: { email: oncall@example.com }
---
${MC}
kind: Connection
metadata: { name: hooks, namespace: ops }
spec: { type: http, url: "http://127.0.0.1:9/", password: { value: tok } }
---
${MC}
kind: Scope
metadata: { name: prod, namespace: ops }
spec: { targets: [{ "*": { tagSelector: env=prod } }] }
`;

describe('opsdeck apply / delete with Mission Control kinds', { timeout: CLI_TIMEOUT * 6 }, () => {
  it('dry-runs, applies, re-applies unchanged, updates, refuses a bad file whole, and deletes', async () => {
    const file = path.join(dir, 'mc.yaml');
    writeFileSync(file, resources('check.failed'));
    const dry = await opsdeck(['apply', '--dry-run', '-f', file]);
    expect(dry.stdout.trim().split('\n'), dry.stderr).toEqual([
      'notification ops/failing created (dry run)',
      'connection ops/hooks created (dry run)',
      'scope ops/prod created (dry run)',
    ]);
    const first = await opsdeck(['apply', '-f', file]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('notification ops/failing created');
    const again = await opsdeck(['apply', '-f', file]);
    expect(again.stdout.trim().split('\n')).toEqual([
      'notification ops/failing unchanged',
      'connection ops/hooks unchanged',
      'scope ops/prod unchanged',
    ]);
    writeFileSync(file, resources('check.failed, check.passed'));
    const changed = await opsdeck(['apply', '-f', file]);
    expect(changed.stdout).toContain('notification ops/failing updated');
    expect(changed.stdout).toContain('connection ops/hooks unchanged');

    const bad = path.join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      `${resources('check.failed')}---\n${MC}\nkind: Team\nmetadata: { name: t }\nspec: { members: [nobody@example.com] }\n`,
    );
    const refused = await opsdeck(['apply', '-f', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Team default/t: spec.members[0]: no person with id or email "nobody@example.com"',
    );
    const plugin = path.join(dir, 'plugin.yaml');
    writeFileSync(plugin, `${MC}\nkind: Plugin\nmetadata: { name: p }\nspec: { source: x }\n`);
    const noPlugin = await opsdeck(['apply', '-f', plugin]);
    expect(noPlugin.code).toBe(2);
    expect(noPlugin.stderr).toContain('kind: OpsDeck runs no plugin binaries');

    const gone = await opsdeck(['delete', '-f', file]);
    expect(gone.stdout.trim().split('\n'), gone.stderr).toEqual([
      'notification ops/failing deleted',
      'connection ops/hooks deleted',
      'scope ops/prod deleted',
    ]);
    const db = await openDatabase({ dataDir: path.join(dir, 'db') });
    try {
      const live = await db.kysely
        .selectFrom('notifications')
        .select(['events', 'deleted_at'])
        .where('name', '=', 'failing')
        .execute();
      // the update kept one row (in place); the delete retired it
      expect(live).toHaveLength(1);
      expect(live[0]?.events).toEqual(['check.failed', 'check.passed']);
      expect(live[0]?.deleted_at).not.toBeNull();
    } finally {
      await db.close();
    }
  });
});
