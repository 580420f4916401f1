import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-exec-'));
chmodSync(dir, 0o1777); // scripts run as the sandbox user and write here
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = () => runnerContext({ secrets: { db: { password: 's3cret' } } });

describe('exec check', () => {
  it('passes on exit 0 with stdout as the message and output in results', async () => {
    const r = await executeCheck('exec', { name: 'e', script: 'echo hello; echo oops >&2' }, ctx());
    expect(r).toMatchObject({ pass: true, message: 'hello' });
    expect(r.data.results).toEqual({ stdout: 'hello', stderr: 'oops', exitCode: 0 });
  });

  it('fails on a non-zero exit with the output as the reason (default test)', async () => {
    const r = await executeCheck('exec', { name: 'e', script: 'echo disk full >&2; exit 3' }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toBe('disk full');
    expect(r.data.exitCode).toBe(3);
  });

  it('lets a custom test accept another exit code', async () => {
    const r = await executeCheck(
      'exec',
      { name: 'e', script: 'exit 2', test: { expr: 'results.exitCode == 2' } },
      ctx(),
    );
    expect(r.pass).toBe(true);
  });

  it('passes env values (static and secret) and none of the server environment', async () => {
    process.env.OPSDECK_TEST_SERVER_SECRET = 'leak';
    const r = await executeCheck(
      'exec',
      {
        name: 'e',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash parameter expansion, not JS
        script: 'echo "$GREETING $DB_PASSWORD [${OPSDECK_TEST_SERVER_SECRET:-}]"',
        env: [
          { name: 'GREETING', value: 'hi' },
          { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        ],
      },
      ctx(),
    );
    delete process.env.OPSDECK_TEST_SERVER_SECRET;
    expect(r.data.stdout).toBe('hi s3cret []');
  });

  it('kills the whole process group on timeout', async () => {
    const marker = path.join(dir, 'survived');
    const r = await executeCheck(
      'exec',
      { name: 'slow', timeout: '500ms', script: `(sleep 1.5; touch ${marker}) & sleep 5` },
      ctx(),
    );
    expect(r.pass).toBe(false);
    expect(r.error).toBe('timed out after 500ms');
    expect(r.duration).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses the reference fields it does not support, with a reason', async () => {
    const r = await executeCheck(
      'exec',
      { name: 'e', script: 'true', connections: { aws: { assumeRole: 'arn:aws:iam::1:role/x' } } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, invalid: true });
    expect(r.error).toBe(
      'invalid exec check: connections.aws.assumeRole: assumeRole needs AWS STS, which OpsDeck does not call: use the keys of the role',
    );
  });

  it('hands connections to the script as the variables the clouds’ CLIs read', async () => {
    const r = await executeCheck(
      'exec',
      {
        name: 'e',
        script: 'echo "$AWS_REGION $AZURE_CLIENT_ID"; test -r "$GOOGLE_APPLICATION_CREDENTIALS" && echo gcp',
        connections: {
          aws: { region: 'us-east-2' },
          azure: { clientID: { value: 'client-9' } },
          gcp: { credentials: { value: '{"type":"service_account"}' } },
        },
      },
      ctx(),
    );
    expect(r.error).toBeUndefined();
    expect(r.message).toBe('us-east-2 client-9\ngcp');
    expect(r.pass).toBe(true);
  });

  it('writes files where the script says (real side effects)', async () => {
    const file = path.join(dir, 'out.txt');
    await executeCheck('exec', { name: 'e', script: `printf ok > ${file}` }, ctx());
    expect(readFileSync(file, 'utf8')).toBe('ok');
  });
});
