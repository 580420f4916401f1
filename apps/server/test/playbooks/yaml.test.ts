import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResourceValidationError } from '../../src/resourceYaml.js';
import { seedEmbeddedDataDir } from '../helpers/db.js';
import { OPSDECK_BIN } from '../helpers/opsdeckBin.js';
import { buildPlaybook } from './helpers.js';

const problems = (spec: Record<string, unknown>): string[] => {
  try {
    buildPlaybook(spec);
    return [];
  } catch (err) {
    if (err instanceof ResourceValidationError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
};

describe('Playbook YAML', () => {
  it('accepts the reference shape: parameters of every type, actions, approval and triggers', () => {
    const p = buildPlaybook({
      title: 'Restart',
      category: 'Ops',
      timeout: '5m',
      configs: [{ types: ['Kubernetes::Pod'] }],
      filters: ["config.type == 'Kubernetes::Pod'"],
      parameters: [
        { name: 'reason', type: 'text', default: '{{.config.name}}', properties: { minLength: 3 } },
        { name: 'force', type: 'checkbox' },
        { name: 'size', type: 'list', properties: { options: [{ label: 'S', value: 's' }] } },
        ...[
          'check',
          'code',
          'component',
          'config',
          'configs',
          'duration',
          'people',
          'team',
          'bytes',
          'millicores',
          'secret',
        ].map((type) => ({ name: `p_${type}`, type })),
      ],
      actions: [
        {
          name: 'a',
          exec: { script: 'echo hi', artifacts: [{ path: 'out.txt' }] },
          retry: { limit: 2, duration: '1s', jitter: 10, exponent: { multiplier: 2 } },
          timeout: '10s',
        },
        {
          name: 'b',
          if: 'always()',
          delay: '1s',
          http: { url: 'http://x', method: 'POST', body: '{{.params.reason}}' },
        },
        {
          name: 'c',
          if: "params.force == 'true'",
          sql: { url: 'postgres://x', driver: 'postgres', query: 'select 1' },
        },
        { name: 'd', notification: { url: 'generic+http://x', title: 't', message: 'm' } },
        {
          name: 'e',
          gitops: {
            repo: { url: 'file:///r', base: 'main', branch: 'b' },
            commit: { message: 'm' },
            files: [{ path: 'a', content: 'x' }],
          },
        },
      ],
      approval: { type: 'all', approvers: { people: ['a@b.c'], teams: ['ops'] } },
      on: {
        canary: [{ event: 'failed', labels: { env: 'prod' }, filter: "check.name == 'x'" }],
        webhook: { path: 'restart', authentication: { basic: { username: { value: 'u' }, password: { value: 'p' } } } },
        schedule: [{ schedule: '@every 1h', parameters: { reason: 'nightly' } }],
      },
    });
    expect(p.spec.actions).toHaveLength(5);
  });

  it('names the path of every problem', () => {
    expect(problems({ actions: [] })).toEqual(['spec.actions: set at least one action']);
    expect(problems({ actions: [{ name: 'a', exec: {} }] })).toContain(
      'spec.actions[0].exec.script: script is required',
    );
    expect(problems({ actions: [{ name: 'a', exec: { script: 'x' }, if: 'a ==' }] })[0]).toMatch(
      /^spec\.actions\[0\]\.if: /,
    );
    expect(
      problems({ parameters: [{ name: 'x', type: 'slider' }], actions: [{ name: 'a', exec: { script: 'x' } }] })[0],
    ).toMatch(/^spec\.parameters\[0\]\.type: type must be one of check, checkbox/);
    expect(problems({ actions: [{ name: 'a', http: { url: '{{ .x | nosuchfunc }}' } }] })[0]).toMatch(
      /^spec\.actions\[0\]\.http\.url: /,
    );
    expect(
      problems({ approval: { type: 'some', approvers: {} }, actions: [{ name: 'a', exec: { script: 'x' } }] }),
    ).toContain('spec.approval.type: type must be any or all');
    expect(
      problems({ on: { schedule: [{ schedule: 'every day' }] }, actions: [{ name: 'a', exec: { script: 'x' } }] })[0],
    ).toMatch(/^spec\.on\.schedule\[0\]\.schedule: /);
  });

  it('refuses action types it does not run, never skipping them', () => {
    expect(problems({ actions: [{ name: 'a', ai: { prompt: 'why?' } }] })).toEqual([
      'spec.actions[0].ai: unsupported action type: ai actions need an LLM, which OpsDeck does not have',
    ]);
    expect(problems({ actions: [{ name: 'a', logs: { loki: {} } }] })).toEqual([
      'spec.actions[0].logs.loki: set url or connection',
    ]);
    expect(problems({ actions: [{ name: 'a', pod: {} }] })[0]).toMatch(/unsupported action type: pod/);
    expect(problems({ actions: [{ name: 'a', frobnicate: {} }] })).toContain(
      'spec.actions[0].frobnicate: unknown field',
    );
    expect(problems({ actions: [{ name: 'a', exec: { script: 'x' }, http: { url: 'y' } }] })).toContain(
      'spec.actions[0]: set only one action type, not exec and http',
    );
  });

  it('is accepted by opsdeck apply -f', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-apply-'));
    await seedEmbeddedDataDir(path.join(dir, 'data'));
    const file = path.join(dir, 'playbook.yaml');
    writeFileSync(
      file,
      [
        'apiVersion: mission-control.flanksource.com/v1',
        'kind: Playbook',
        'metadata:',
        '  name: echo',
        'spec:',
        '  category: Demo',
        '  actions:',
        '    - name: hello',
        '      exec:',
        '        script: echo hello',
      ].join('\n'),
    );
    const bin = OPSDECK_BIN;
    const env: NodeJS.ProcessEnv = { ...process.env, OPSDECK_DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const out = execFileSync(process.execPath, [bin, 'apply', '-f', file], { env, encoding: 'utf8' });
    expect(out).toContain('playbook default/echo created');
    writeFileSync(
      file,
      'apiVersion: mission-control.flanksource.com/v1\nkind: Playbook\nmetadata: {name: bad}\nspec: {actions: [{name: a, pod: {}}]}\n',
    );
    let stderr = '';
    try {
      execFileSync(process.execPath, [bin, 'apply', '-f', file], { env, encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      stderr = String((err as { stderr: string }).stderr);
    }
    expect(stderr).toContain('spec.actions[0].pod: unsupported action type');
  }, 180_000);
});
