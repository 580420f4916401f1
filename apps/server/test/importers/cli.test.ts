import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, cliOnEmbeddedDb } from '../helpers/cli.js';
import { kumaBackup } from './kumaBackup.js';

const SLOW = CLI_TIMEOUT;
const { dir, opsdeck } = cliOnEmbeddedDb('opsdeck-import-cli');

describe('opsdeck import', () => {
  it(
    'prints a dry run, stores the import, and refuses a file that is not a backup',
    async () => {
      const file = path.join(dir, 'backup.json');
      writeFileSync(
        file,
        JSON.stringify(
          kumaBackup({
            httpUrl: 'http://127.0.0.1:9',
            tcpPort: 9,
            postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
            redisUrl: 'redis://127.0.0.1:6379',
            webhookUrl: 'http://127.0.0.1:9/hook',
          }),
        ),
      );
      const dry = await opsdeck(['import', 'kuma', file, '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(
        'kuma import into namespace kuma: would create 8 canaries, 4 connections, 2 notification rules',
      );
      expect(dry.stdout).toContain('  monitor "Containers": Kuma\'s "docker" monitors have no OpsDeck check type');
      expect(dry.stdout).not.toContain('XXXXSECRET');

      const stored = await opsdeck(['import', 'kuma', file, '--namespace', 'legacy']);
      expect(stored.code, stored.stderr).toBe(0);
      expect(stored.stdout).toContain('kuma import into namespace legacy: stored 8 canaries');
      expect(stored.stdout).toContain('canary legacy/home-page created: http "Home page"');

      writeFileSync(path.join(dir, 'bad.json'), '{"monitors": []}');
      const bad = await opsdeck(['import', 'kuma', path.join(dir, 'bad.json')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('not an Uptime Kuma backup: it has no monitorList');
      const usage = await opsdeck(['import', 'nagios', file]);
      expect(usage.code).toBe(2);
    },
    SLOW * 4,
  );
});
