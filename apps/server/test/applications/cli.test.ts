import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { CLI_TIMEOUT, cliOnEmbeddedDb } from '../helpers/cli.js';

const SLOW = CLI_TIMEOUT;
const { dir, opsdeck } = cliOnEmbeddedDb('opsdeck-application-cli');

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
      expect(again.stdout.trim()).toBe('application sales/shop unchanged');
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
