import { chmodSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScrape } from '../../src/catalog/scrape.js';
import { systemClock } from '../../src/clock.js';
import { ConnectionResolver } from '../../src/connections/store.js';
import '../../src/connections/tables.js';
import { openSecretBox } from '../../src/crypto/secretBox.js';
import { type HttpPeer, startHttpPeer } from '../health/checks/httpPeer.js';
import { createTestDb } from '../helpers/index.js';
import { type LocalRepo, localBareRepo } from './gitRepo.js';
import { buildScrapeConfig } from './helpers.js';

let repo: LocalRepo;
beforeAll(() => {
  repo = localBareRepo({
    'cars/audi.json': { reg_no: 'A-1', make: 'Audi' },
    'cars/bmw.json': { reg_no: 'B-2', make: 'BMW' },
    'notes/readme.md': '# not a car',
    'list.sh': 'echo \'[{"id":"x1"},{"id":"x2"}]\'\n',
  });
  // the sandbox user (nobody, when the tests run as root) must be able to read the remote
  chmodSync(repo.root, 0o755);
});
afterAll(() => rmSync(repo.root, { recursive: true, force: true }));

const scrape = (spec: Record<string, unknown>, opts: { roots?: string[]; exec?: 'admin' | 'off' } = {}) =>
  collectScrape(buildScrapeConfig(spec), {
    clock: systemClock,
    fileRoots: { fileRoots: opts.roots ?? [repo.root] },
    sandbox: { exec: opts.exec ?? 'admin', user: 'nobody' },
  });

const ids = (r: Awaited<ReturnType<typeof scrape>>) => r.results[0]?.items.map((i) => i.externalId).sort();

describe('file scraper with a git url', () => {
  it('reads the files of a clone of the repository, and its new commits on the next scrape', async () => {
    const spec = { file: [{ type: 'Car', id: '$.reg_no', name: '$.make', url: repo.bare, paths: ['cars/*.json'] }] };
    const first = await scrape(spec);
    expect(first.results[0]?.errors).toEqual([]);
    expect(ids(first)).toEqual(['A-1', 'B-2']);
    expect(first.results[0]?.items[0]?.source).toBe(`${repo.bare}/cars/audi.json`);

    repo.commit({ 'cars/citroen.json': { reg_no: 'C-3', make: 'Citroen' } });
    const second = await scrape(spec);
    expect(second.results[0]?.errors).toEqual([]);
    expect(ids(second)).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('checks out a branch given as ?ref=', async () => {
    const spec = {
      file: [{ type: 'Car', id: '$.reg_no', url: `file://${repo.bare}?ref=main`, paths: ['cars/audi.json'] }],
    };
    const r = await scrape(spec);
    expect(r.results[0]?.errors).toEqual([]);
    expect(ids(r)).toEqual(['A-1']);
  });

  it('refuses a repository on the server outside the file roots, and a missing one', async () => {
    const outside = await scrape(
      { file: [{ type: 'Car', id: '$.reg_no', url: repo.bare, paths: ['cars/*.json'] }] },
      { roots: ['/srv/nothing-here'] },
    );
    expect(outside.results[0]?.errors.join()).toMatch(/OPSDECK_FILE_ROOTS|not under/i);
    const missing = await scrape({
      file: [{ type: 'Car', id: '$.reg_no', url: `${repo.root}/nope.git`, paths: ['*.json'] }],
    });
    expect(missing.results[0]?.errors.join()).toMatch(/git clone: .*(does not exist|does not appear|not a git)/i);
    const ext = await scrape({
      file: [{ type: 'Car', id: '$.reg_no', url: 'ext::sh -c touch% /tmp/pwned', paths: ['*'] }],
    });
    expect(ext.results[0]?.errors.join()).toMatch(/only https, http, ssh, git and file URLs/);
  });
});

describe('exec scraper', () => {
  it('runs a bash script in the sandbox and takes each element of a JSON array as a config', async () => {
    const r = await scrape({
      exec: [
        {
          type: 'Host',
          id: '$.id',
          name: '$.name',
          script:
            'echo "[{\\"id\\": \\"h1\\", \\"name\\": \\"$GREETING\\", \\"user\\": \\"$(id -un)\\"}, {\\"id\\": \\"h2\\", \\"name\\": \\"two\\"}]"',
          env: [{ name: 'GREETING', value: 'hello' }],
        },
      ],
    });
    expect(r.results[0]?.errors).toEqual([]);
    const items = r.results[0]?.items ?? [];
    expect(items.map((i) => [i.externalId, i.name])).toEqual([
      ['h1', 'hello'],
      ['h2', 'two'],
    ]);
    // the server's own variables never reach the script; as root it runs as the sandbox user
    if (process.getuid?.() === 0) expect((items[0]?.config as { user?: string } | undefined)?.user).toBe('nobody');
  });

  it('runs python and node scripts by their #! line and parses YAML output', async () => {
    const r = await scrape({
      exec: [
        {
          type: 'Py',
          id: '$.id',
          script: '#!/usr/bin/env python3\nimport os\nprint("id: py-1\\nshell: " + os.environ.get("SHELL_NAME", ""))\n',
          env: [{ name: 'SHELL_NAME', value: 'py' }],
        },
        {
          type: 'Node',
          id: '$.id',
          script:
            '#!/usr/bin/env node\nconsole.log(JSON.stringify({ id: "node-1", version: process.version.startsWith("v") }))\n',
        },
      ],
    });
    expect(r.results.map((x) => x.errors)).toEqual([[], []]);
    expect(r.results[0]?.items[0]).toMatchObject({ externalId: 'py-1', config: { id: 'py-1', shell: 'py' } });
    expect(r.results[1]?.items[0]).toMatchObject({ externalId: 'node-1', config: { version: true } });
  });

  it('sends a stored connection’s git credentials to its own host only', async () => {
    const db = await createTestDb();
    try {
      const box = openSecretBox({ secretKey: 'catalog-git-test', dataDir: repo.root });
      await db.kysely
        .insertInto('connections')
        .values({
          name: 'git-home',
          namespace: 'ops',
          type: 'git',
          url: 'http://127.0.0.1:9/home.git',
          username: 'bot',
          password: box.seal('git-s3cret'),
        })
        .execute();
      const spec = {
        exec: [
          {
            type: 'FromGit',
            id: '$.id',
            script: 'true',
            checkout: { connection: 'connection://ops/git-home', url: 'http://127.0.0.2:9/steal.git' },
          },
        ],
      };
      const r = await collectScrape(buildScrapeConfig(spec), {
        clock: systemClock,
        fileRoots: { fileRoots: [] },
        sandbox: { exec: 'admin', user: 'nobody' },
        resolver: new ConnectionResolver(db, box),
      });
      const errors = r.results[0]?.errors.join() ?? '';
      expect(errors).toContain('sent only to its own host (127.0.0.1:9)');
      expect(errors).not.toContain('git-s3cret');
    } finally {
      await db.close();
    }
  }, 180_000);

  it('runs the script in a checkout of a git repository', async () => {
    const r = await scrape({
      exec: [{ type: 'FromGit', id: '$.id', script: 'bash list.sh', checkout: { url: repo.bare, branch: 'main' } }],
    });
    expect(r.results[0]?.errors).toEqual([]);
    expect(ids(r)).toEqual(['x1', 'x2']);
  });

  it('reports a failing script with its exit code and stderr, and does not run with exec off', async () => {
    const failed = await scrape({ exec: [{ type: 'X', id: '$.id', script: 'echo broken >&2; exit 3' }] });
    expect(failed.results[0]?.errors).toEqual(['exec[0]: script failed (exit code 3): broken']);
    expect(failed.results[0]?.items).toEqual([]);
    const off = await scrape({ exec: [{ type: 'X', id: '$.id', script: 'echo "{}"' }] }, { exec: 'off' });
    expect(off.results[0]?.errors).toEqual(['exec[0]: exec scrapers are turned off on this server (OPSDECK_EXEC=off)']);
  });

  it('hands connection credentials to the script as the variables the CLIs read', async () => {
    const r = await scrape({
      exec: [
        {
          type: 'Cloud',
          id: 'aws',
          script:
            'echo "{\\"key\\": \\"$AWS_ACCESS_KEY_ID\\", \\"region\\": \\"$AWS_REGION\\", \\"kube\\": \\"$(cat $KUBECONFIG)\\"}"',
          connections: {
            aws: { accessKey: { value: 'AKIA123' }, secretKey: { value: 's3cr3t' }, region: 'eu-west-1' },
            kubernetes: { kubeconfig: { value: 'kind: Config' } },
          },
        },
      ],
    });
    expect(r.results[0]?.errors).toEqual([]);
    expect(r.results[0]?.items[0]?.config).toEqual({ key: 'AKIA123', region: 'eu-west-1', kube: 'kind: Config' });
  });
});

describe('http scraper', () => {
  let peer: HttpPeer;
  const hosts = Array.from({ length: 5 }, (_, i) => ({ id: `h${i + 1}`, name: `host-${i + 1}` }));
  beforeAll(async () => {
    peer = await startHttpPeer((req) => {
      if (req.path === '/hosts') {
        if (req.headers.authorization !== 'Bearer t0ken') return { status: 401, json: { error: 'unauthorized' } };
        const page = Number(req.query.get('page') ?? '1');
        return {
          json: { items: hosts.slice((page - 1) * 2, page * 2), next: page * 2 < hosts.length ? page + 1 : null },
        };
      }
      if (req.path === '/search' && req.method === 'POST')
        return { json: [{ id: 'found', query: JSON.parse(req.body) }] };
      if (req.path === '/config.yaml') return { text: 'id: y1\nname: from-yaml\n' };
      if (req.path === '/private') {
        const ok = req.headers.authorization === `Basic ${Buffer.from('svc:s3cret').toString('base64')}`;
        return ok ? { json: { id: 'p1', private: true } } : { status: 401, text: 'who are you' };
      }
      return { status: 500, text: 'boom' };
    });
  });
  afterAll(() => peer.close());

  it('follows pages with nextPageExpr and concatenates them with reduceExpr', async () => {
    const r = await scrape({
      http: [
        {
          type: 'Host',
          id: '$.id',
          name: '$.name',
          items: '$[*]',
          url: `${peer.url}/hosts?page=1`,
          headers: [{ name: 'Authorization', value: 'Bearer {{.env.TOKEN}}' }],
          env: [{ name: 'TOKEN', value: 't0ken' }],
          pagination: {
            nextPageExpr: "response.body.next == null ? '' : '/hosts?page=' + string(response.body.next)",
            reduceExpr: 'pages.map(p, p.items).flatten()',
          },
        },
      ],
    });
    expect(r.results[0]?.errors).toEqual([]);
    expect(r.results[0]?.items.map((i) => i.name)).toEqual(hosts.map((h) => h.name));
    expect(peer.requests.filter((q) => q.path === '/hosts').map((q) => q.query.get('page'))).toEqual(['1', '2', '3']);
  });

  it('sends a templated body, parses YAML answers, and reports error statuses', async () => {
    const r = await scrape({
      http: [
        {
          type: 'Hit',
          id: '$[0].id',
          url: `${peer.url}/search`,
          method: 'POST',
          body: '{"q": "{{.env.Q}}"}',
          env: [{ name: 'Q', value: 'db' }],
        },
        { type: 'Doc', id: '$.id', name: '$.name', url: `${peer.url}/config.yaml` },
        { type: 'Broken', id: '$.id', url: `${peer.url}/nope` },
      ],
    });
    expect(r.results[0]?.items[0]?.config).toEqual([{ id: 'found', query: { q: 'db' } }]);
    expect(r.results[1]?.items[0]).toMatchObject({ externalId: 'y1', name: 'from-yaml' });
    expect(r.results[2]?.errors).toEqual([`http[2]: ${peer.url}/nope answered 500: boom`]);
  });

  it('takes the URL and credentials of a stored connection', async () => {
    const db = await createTestDb();
    try {
      const box = openSecretBox({ secretKey: 'catalog-http-test', dataDir: repo.root });
      await db.kysely
        .insertInto('connections')
        .values({
          name: 'private-api',
          namespace: 'ops',
          type: 'http',
          url: `${peer.url}/private`,
          username: 'svc',
          password: box.seal('s3cret'),
        })
        .execute();
      const r = await collectScrape(
        buildScrapeConfig({ http: [{ type: 'Private', id: '$.id', connection: 'connection://ops/private-api' }] }),
        { clock: systemClock, fileRoots: { fileRoots: [] }, resolver: new ConnectionResolver(db, box) },
      );
      expect(r.results[0]?.errors).toEqual([]);
      expect(r.results[0]?.items[0]).toMatchObject({ externalId: 'p1', config: { private: true } });
    } finally {
      await db.close();
    }
  }, 180_000);

  it('sends a stored connection’s credentials to its own host only, next pages included', async () => {
    const thief = await startHttpPeer(() => ({ json: { id: 'stolen', next: null } }));
    const db = await createTestDb();
    try {
      const box = openSecretBox({ secretKey: 'catalog-http-pin-test', dataDir: repo.root });
      await db.kysely
        .insertInto('connections')
        .values({
          name: 'pinned-api',
          namespace: 'ops',
          type: 'http',
          url: `${peer.url}/private`,
          username: 'svc',
          password: box.seal('s3cret'),
        })
        .execute();
      const connection = 'connection://ops/pinned-api';
      const r = await collectScrape(
        buildScrapeConfig({
          http: [
            { type: 'Elsewhere', id: '$.id', connection, url: `${thief.url}/steal` },
            {
              type: 'Paged',
              id: '$.id',
              connection,
              pagination: { nextPageExpr: `page == 1 ? '${thief.url}/page2' : ''` },
            },
          ],
        }),
        { clock: systemClock, fileRoots: { fileRoots: [] }, resolver: new ConnectionResolver(db, box) },
      );
      const host = new URL(peer.url).host;
      expect(r.results[0]?.errors.join()).toContain(`connection ${connection} belongs to ${host}`);
      expect(r.results[1]?.errors.join()).toContain(`its credentials are not sent to ${new URL(thief.url).host}`);
      // the first page went to the connection's own host; nothing reached the other one
      expect(peer.requests.filter((q) => q.path === '/private').length).toBeGreaterThan(0);
      expect(thief.requests).toEqual([]);
    } finally {
      await db.close();
      await thief.close();
    }
  }, 180_000);
});
