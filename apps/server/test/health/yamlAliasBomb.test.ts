import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CanaryFileError, parseCanaryFile } from '../../src/health/canaryYaml.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { OPSDECK_BIN } from '../helpers/opsdeckBin.js';

// Issue 11 item 11: a YAML alias bomb ("billion laughs") made `opsdeck run`/`apply` exit 1
// where the README promises 2 for invalid input. It is invalid input everywhere YAML is read.

const SLOW = 180_000;

/** Seven levels of nine aliases each: 9^7 strings once expanded. */
function aliasBomb(head: string): string {
  const levels = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const lines = [`${levels[0]}: &${levels[0]} [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i < levels.length; i++) {
    lines.push(
      `${levels[i]}: &${levels[i]} [${Array(9)
        .fill(`*${levels[i - 1]}`)
        .join(',')}]`,
    );
  }
  return `${head}\n${lines.join('\n')}\n`;
}

// the anchors come first so that `*g` under spec refers to a defined one
const canaryBomb = `${aliasBomb('apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: lol')}spec:
  http:
    - name: x
      url: http://127.0.0.1:1
      headers: *g
`;

function opsdeck(args: string[]) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [OPSDECK_BIN, ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', OPSDECK_DATA_DIR: dir }, timeout: SLOW },
      (err, _stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-yaml-'));
  writeFileSync(path.join(dir, 'bomb.yaml'), canaryBomb);
  server = await startTestServer();
}, SLOW);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('YAML alias bombs are invalid input', { timeout: SLOW }, () => {
  it('parseCanaryFile reports the file and the reason instead of throwing', () => {
    let problems: string[] = [];
    try {
      parseCanaryFile(canaryBomb, 'bomb.yaml');
    } catch (err) {
      expect(err).toBeInstanceOf(CanaryFileError);
      problems = (err as CanaryFileError).problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^bomb\.yaml: invalid YAML: too many alias expansions/)]);
  });

  it('opsdeck run and opsdeck apply exit 2 with a clear message', async () => {
    for (const args of [['run'], ['apply', '-f']]) {
      const { code, stderr } = await opsdeck([...args, path.join(dir, 'bomb.yaml')]);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain('invalid YAML: too many alias expansions');
    }
  });

  it('the API answers 400 to an alias bomb posted as YAML', async () => {
    const res = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `${aliasBomb('kind: Notification\nmetadata:\n  name: lol')}spec:\n  events: *g\n`,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('invalid YAML: too many alias expansions');
  });
});
