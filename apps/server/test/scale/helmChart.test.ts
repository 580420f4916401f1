import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configEnvNames, loadConfig } from '../../src/config.js';
import { VERSION } from '../../src/version.js';

// deploy/helm/opsdeck and the Dockerfile cannot be rendered or built here (no helm, no Docker
// engine): check that they agree with each other and with the server they run.
const root = path.resolve(import.meta.dirname, '../../../..');
const chartDir = path.join(root, 'deploy/helm/opsdeck');
const read = (...p: string[]) => readFileSync(path.join(...p), 'utf8');
const values = parse(read(chartDir, 'values.yaml')) as Record<string, unknown>;
const chart = parse(read(chartDir, 'Chart.yaml')) as Record<string, string>;
const templateFiles = readdirSync(path.join(chartDir, 'templates'));
const templates = Object.fromEntries(templateFiles.map((f) => [f, read(chartDir, 'templates', f)]));
const allText = Object.values(templates).join('\n');

const lookup = (dotted: string) =>
  dotted
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' && k in v ? (v as Record<string, unknown>)[k] : undefined),
      values,
    );

describe('the Helm chart', () => {
  it('is a v2 chart of this OpsDeck version', () => {
    expect(chart.apiVersion).toBe('v2');
    expect(chart.name).toBe('opsdeck');
    expect(chart.appVersion).toBe(VERSION);
  });

  it('reads only values that values.yaml declares, and declares none it does not read', () => {
    const used = new Set([...allText.matchAll(/\.Values((?:\.[A-Za-z_]\w*)+)/g)].map((m) => (m[1] as string).slice(1)));
    expect(used.size).toBeGreaterThan(20);
    for (const p of used) expect(lookup(p), `.Values.${p} in values.yaml`).not.toBeUndefined();
    // the per-role settings are read through `index $.Values $role`
    for (const role of ['all', 'api', 'worker']) {
      expect(lookup(`${role}.replicas`), role).toBeTypeOf('number');
      expect(lookup(`${role}.resources`), role).toBeTypeOf('object');
    }
    const roleKeys = new Set(['all', 'api', 'worker']);
    for (const key of Object.keys(values)) {
      if (roleKeys.has(key)) continue;
      expect(
        [...used].some((p) => p === key || p.startsWith(`${key}.`)),
        `${key} is used by a template`,
      ).toBe(true);
    }
  });

  it('includes only helpers that _helpers.tpl defines', () => {
    const defined = new Set([...(templates['_helpers.tpl'] as string).matchAll(/define "([\w.]+)"/g)].map((m) => m[1]));
    const included = [...allText.matchAll(/include "([\w.]+)"/g)].map((m) => m[1]);
    expect(included.length).toBeGreaterThan(5);
    for (const name of included) expect(defined, name).toContain(name);
    expect(templateFiles.sort()).toEqual([
      'NOTES.txt',
      '_helpers.tpl',
      'clusterrole.yaml',
      'deployment.yaml',
      'pvc.yaml',
      'secret.yaml',
      'service.yaml',
      'serviceaccount.yaml',
    ]);
  });

  it('sets only variables the server reads, on the port it listens on, probed where it answers', () => {
    const deployment = templates['deployment.yaml'] as string;
    const names = [...deployment.matchAll(/name: ([A-Z][A-Z0-9_]+)\b/g)].map((m) => m[1] as string);
    expect(names).toEqual(expect.arrayContaining(['OPSDECK_ROLE', 'DATABASE_URL', 'OPSDECK_UPSTREAM_TOKEN']));
    for (const n of names) expect(configEnvNames.includes(n) || n === 'OPSDECK_SAMPLE_DATA', n).toBe(true);
    const port = loadConfig({}).port;
    expect(deployment).toContain(`containerPort: ${port}`);
    expect(deployment).toContain(`{name: PORT, value: "${port}"}`);
    expect(deployment).toMatch(/livenessProbe:\s+httpGet: \{path: \/health, port: http\}/);
    expect(deployment).toMatch(/readinessProbe:\s+httpGet: \{path: \/ready, port: http\}/);
    // the keys the processes read from the Secret are the keys the chart's Secret writes
    const read = new Set([...deployment.matchAll(/key: ([\w-]+)/g)].map((m) => m[1]));
    const written = new Set(
      [...(templates['secret.yaml'] as string).matchAll(/^ {2}([a-z]+-[a-z]+): /gm)].map((m) => m[1]),
    );
    expect([...read].sort()).toEqual([...written].sort());
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read(root, 'Dockerfile');
  const ignored = read(root, '.dockerignore')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));

  it('runs `opsdeck serve` as a non-root user on the port the chart probes', () => {
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim AS build$/m);
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('RUN npm run build');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${loadConfig({}).port}$`, 'm'));
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(dockerfile).toMatch(/^CMD \["serve"\]$/m);
    expect(dockerfile).toContain('ln -s /app/apps/server/bin/opsdeck.mjs /usr/local/bin/opsdeck');
  });

  it('starts the server with the node flags npm start gives it, through the command that runs its bundle', () => {
    const declared = /SERVER_NODE_FLAGS = (\[.*\]);/.exec(read(root, 'apps/server/bin/nodeFlags.mjs'))?.[1] ?? '[]';
    const flags = JSON.parse(declared.replaceAll("'", '"')) as string[];
    expect(flags.length).toBeGreaterThan(0);
    const entry = ['tini', '--', 'node', ...flags, '/app/apps/server/bin/opsdeck.mjs'];
    expect(dockerfile).toContain(`ENTRYPOINT [${entry.map((a) => JSON.stringify(a)).join(', ')}]`);
    expect(dockerfile).toContain('RUN node apps/server/bin/bundle.mjs');
  });

  it('copies files that exist and that .dockerignore keeps in the build context', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) =>
      (m[1] as string).split(/\s+/).slice(0, -1),
    );
    expect(sources).toEqual(expect.arrayContaining(['apps/server/src', 'packages/schema/src', 'package-lock.json']));
    for (const s of sources) {
      expect(existsSync(path.join(root, s)), s).toBe(true);
      expect(
        ignored.some((i) => s === i || s.startsWith(`${i}/`)),
        `${s} is excluded by .dockerignore`,
      ).toBe(false);
    }
    // every workspace's manifest, or npm ci refuses the lockfile
    const workspaces = (JSON.parse(read(root, 'package.json')) as { workspaces: string[] }).workspaces;
    for (const w of workspaces) expect(sources, w).toContain(`${w}/package.json`);
  });
});
