import { s3CheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Check, splitObjectPath } from '../../../src/health/checks/s3.js';
import { type HttpPeer, type PeerReply, startHttpPeer } from './httpPeer.js';
import { closedPort, runnerContext } from './runnerContext.js';

const HOUR = 3_600_000;
const now = Date.now();
const objects = [
  { key: 'backups/db-1.sql.gz', size: 5 * 1024 * 1024, modified: new Date(now - 30 * HOUR) },
  { key: 'backups/db-2.sql.gz', size: 6 * 1024 * 1024, modified: new Date(now - 6 * HOUR) },
  { key: 'backups/notes.txt', size: 12, modified: new Date(now - 2 * HOUR) },
  { key: 'logs/app.log', size: 100, modified: new Date(now - HOUR) },
];

const xml = (body: string): PeerReply => ({
  headers: { 'content-type': 'application/xml' },
  text: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
});
const s3Error = (status: number, code: string, message: string): PeerReply => ({
  ...xml(`<Error><Code>${code}</Code><Message>${message}</Message><RequestId>r1</RequestId></Error>`),
  status,
});

// An S3 REST peer (path-style ListObjectsV2) that pages two keys at a time and checks SigV4 credentials.
let s3: HttpPeer;
beforeAll(async () => {
  s3 = await startHttpPeer((req) => {
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=AKIATEST/')) {
      return s3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    if (req.path !== '/backups-bucket' && req.path !== '/backups-bucket/') {
      return s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (req.query.get('list-type') !== '2') return s3Error(400, 'InvalidRequest', 'expected ListObjectsV2');
    const prefix = req.query.get('prefix') ?? '';
    const all = objects.filter((o) => o.key.startsWith(prefix));
    const start = Number(req.query.get('continuation-token') ?? 0);
    const page = all.slice(start, start + 2);
    const next = start + 2 < all.length ? String(start + 2) : undefined;
    const contents = page
      .map(
        (o) =>
          `<Contents><Key>${o.key}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>"e"</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      )
      .join('');
    return xml(
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>backups-bucket</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${!!next}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
    );
  });
});
afterAll(() => s3.close());

const check = (fields: Record<string, unknown>) =>
  s3CheckSchema.parse({
    name: 's3',
    endpoint: s3.url,
    usePathStyle: true,
    region: 'eu-west-1',
    bucket: 'backups-bucket',
    accessKey: { value: 'AKIATEST' },
    secretKey: { valueFrom: { secretKeyRef: { name: 'aws', key: 'secret' } } },
    ...fields,
  });
const ctx = () => runnerContext({ secrets: { aws: { secret: 'test-secret-key' } } });

describe('s3 check against an S3 REST peer', () => {
  it('lists every page under the prefix and passes the file tests', async () => {
    const out = await s3Check.run(
      check({ objectPath: 'backups/', filter: { regex: '\\.gz$' }, minCount: 2, maxAge: '2d', minSize: '1Mi' }),
      ctx(),
    );
    expect(out.pass).toBe(true);
    const results = out.data.results as { count: number; newest: { name: string }; files: { name: string }[] };
    expect(results.count).toBe(2);
    expect(results.newest.name).toBe('backups/db-2.sql.gz');
    expect(s3.requests.filter((r) => r.query.get('prefix') === 'backups/').length).toBeGreaterThanOrEqual(2);
  });

  it('fails when the newest backup is older than maxAge', async () => {
    const out = await s3Check.run(check({ objectPath: 'backups/db-*.sql.gz', maxAge: '12h' }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/^backups\/db-1\.sql\.gz is too old: 30h0m\d*\.?\d*s? > 12h$/);
  });

  it('fails with too few files after filtering', async () => {
    const out = await s3Check.run(check({ objectPath: 'logs/', minCount: 2 }), ctx());
    expect(out).toMatchObject({ pass: false, error: 'too few files: 1 < 2' });
  });

  it("fails with S3's error for a missing bucket or bad credentials", async () => {
    const missing = await s3Check.run(check({ bucket: 'nope' }), ctx());
    expect(missing.error).toBe('s3://nope/: NoSuchBucket (404): The specified bucket does not exist');
    const denied = await s3Check.run(check({ accessKey: { value: 'AKIAOTHER' } }), ctx());
    expect(denied.error).toContain('InvalidAccessKeyId (403)');
    expect(denied.error).not.toContain('test-secret-key');
  });

  it('fails with connection refused when nothing listens', async () => {
    const port = await closedPort();
    const out = await s3Check.run(check({ endpoint: `http://127.0.0.1:${port}` }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('takes bucket, region and endpoint from a stored connection', async () => {
    const spec = s3CheckSchema.parse({ name: 's3', connection: 'connection://default/backups', objectPath: 'logs/' });
    const out = await s3Check.run(
      spec,
      runnerContext({
        connections: {
          backups: {
            name: 'backups',
            namespace: 'default',
            type: 's3',
            username: 'AKIATEST',
            password: 'test-secret-key',
            properties: { bucket: 'backups-bucket', region: 'eu-west-1', endpoint: s3.url },
          },
        },
      }),
    );
    expect(out).toMatchObject({ pass: true, data: { results: { count: 1 } } });
  });

  it('splits a glob object path into a list prefix and a key pattern', () => {
    const { prefix, pattern } = splitObjectPath('/backups/db-*.sql.gz');
    expect(prefix).toBe('backups/db-');
    expect(pattern?.test('backups/db-7.sql.gz')).toBe(true);
    expect(pattern?.test('backups/old/db-7.sql.gz')).toBe(false);
    expect(s3CheckSchema.safeParse({ name: 's3' }).error?.issues[0]?.message).toBe(
      'an s3 check needs bucket (or a connection with one)',
    );
  });
});
