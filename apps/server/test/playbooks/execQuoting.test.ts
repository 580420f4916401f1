import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

// Parameters printed into an exec script are data: the script's own quoting decides how each
// value is quoted, so `$(...)`, backticks and `;` in a parameter never run.

let server: TestServer;
// short: a long random path segment would read as a token and be masked in the stored output
const marker = `/tmp/odq-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  rmSync(marker, { force: true });
  await server?.close();
});

async function runScript(script: string, params: Record<string, string>) {
  const names = Object.keys(params);
  const id = await seedPlaybook(
    server,
    {
      parameters: names.map((name) => ({ name, type: 'text' })),
      actions: [{ name: 'restart', exec: { script } }],
    },
    `quoting-${randomUUID().slice(0, 8)}`,
  );
  const started = await run(server, { id, params });
  await worker(server).drain();
  const s = await status(server, started.run_id);
  return s.actions[0];
}

describe('exec scripts quote template values for the shell', () => {
  it("runs no command from the docs' restart-web parameter, inside double quotes", async () => {
    const reason = `$(touch ${marker}) \`touch ${marker}\``;
    const a = await runScript(
      'echo "restarting {{.check.name}} ({{.params.mode}}): {{.params.reason}}" | tee restart.log',
      { mode: 'graceful', reason },
    );
    expect(a?.status).toBe('completed');
    expect(a?.result).toMatchObject({ stdout: `restarting <no value> (graceful): ${reason}\n` });
    expect(existsSync(marker)).toBe(false);
  });

  it('quotes a value outside quotes and inside single quotes', async () => {
    const evil = `x'; touch ${marker}; echo '`;
    const a = await runScript("echo {{.params.a}}; echo '{{.params.a}}'; echo --name={{.params.b}}", {
      a: evil,
      b: 'web-01.prod:8080',
    });
    expect(a?.status).toBe('completed');
    expect(a?.result).toMatchObject({ stdout: `${evil}\n${evil}\n--name=web-01.prod:8080\n` });
    expect(existsSync(marker)).toBe(false);
  });

  it('prints raw values unquoted for scripts that ask for it', async () => {
    const a = await runScript('{{ raw .params.cmd }}', { cmd: 'echo one; echo two' });
    expect(a?.result).toMatchObject({ stdout: 'one\ntwo\n' });
  });
});
