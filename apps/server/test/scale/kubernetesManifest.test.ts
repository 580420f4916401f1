import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { configEnvNames, loadConfig, roleSchema } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// docs/deploy/kubernetes.yaml is an example people copy: it must agree with the server it runs.
const file = path.resolve(import.meta.dirname, '../../../../docs/deploy/kubernetes.yaml');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  command?: string[];
  ports: Array<{ name: string; containerPort: number }>;
  env: EnvVar[];
  livenessProbe: Probe;
  readinessProbe: Probe;
}
interface Doc {
  kind: string;
  metadata: { name: string };
  stringData?: Record<string, string>;
  spec: {
    selector: { matchLabels?: Record<string, string> } & Record<string, string>;
    ports?: Array<{ port: number; targetPort: string | number }>;
    template?: {
      metadata: { labels: Record<string, string> };
      spec: { terminationGracePeriodSeconds: number; containers: Container[] };
    };
  };
}

const docs = parseAllDocuments(readFileSync(file, 'utf8')).map((d) => {
  expect(d.errors).toEqual([]);
  return d.toJS() as Doc;
});
const secret = docs.find((d) => d.kind === 'Secret') as Doc;
const service = docs.find((d) => d.kind === 'Service') as Doc;
const deployments = docs.filter((d) => d.kind === 'Deployment');
const container = (d: Doc) => d.spec.template?.spec.containers[0] as Container;
const envOf = (d: Doc) => new Map(container(d).env.map((e) => [e.name, e]));
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the Kubernetes manifest example', () => {
  it('has a Secret, a Service and an api and a worker Deployment', () => {
    expect(docs.map((d) => d.kind).sort()).toEqual(['Deployment', 'Deployment', 'Secret', 'Service']);
    const roles = deployments.map((d) => envOf(d).get('OPSDECK_ROLE')?.value);
    expect(roles.sort()).toEqual(['api', 'worker']);
    for (const r of roles) expect(roleSchema.safeParse(r).success).toBe(true);
  });

  it('reads only variables the server knows, with values its configuration accepts', () => {
    for (const d of deployments) {
      const env: Record<string, string> = {};
      for (const e of container(d).env) {
        expect(configEnvNames, `${d.metadata.name}: ${e.name}`).toContain(e.name);
        const ref = e.valueFrom?.secretKeyRef;
        if (ref) {
          expect(ref.name, `${e.name} names the Secret`).toBe(secret.metadata.name);
          expect(Object.keys(secret.stringData ?? {}), `${e.name}: key in the Secret`).toContain(ref.key);
          env[e.name] = secret.stringData?.[ref.key] as string;
        } else env[e.name] = e.value as string;
      }
      // every process of a deployment needs the database and the shared secret key
      expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\//);
      expect(env.OPSDECK_SECRET_KEY).toBeDefined();
      const config = loadConfig(env);
      expect(String(config.port)).toBe(env.PORT);
      expect(container(d).ports.map((p) => p.containerPort)).toContain(config.port);
      expect(container(d).command?.join(' ')).toContain('apps/server/bin/opsdeck.mjs serve');
    }
  });

  it('probes paths the server answers, on a port the container declares', async () => {
    for (const d of deployments) {
      const c = container(d);
      for (const probe of [c.livenessProbe, c.readinessProbe]) {
        expect(c.ports.map((p) => p.name)).toContain(probe.httpGet.port);
        const res = await server.fetch(probe.httpGet.path, { as: null });
        expect(res.status, `${d.metadata.name} ${probe.httpGet.path}`).toBe(200);
      }
      expect(c.readinessProbe.httpGet.path).toBe('/ready');
      // longer than the server's own 15 s limit on a graceful shutdown
      expect(d.spec.template?.spec.terminationGracePeriodSeconds).toBeGreaterThan(15);
      expect(matches(d.spec.selector.matchLabels ?? {}, d.spec.template?.metadata.labels ?? {})).toBe(true);
    }
  });

  it('routes the Service to the api pods only, on their named port', () => {
    const picked = deployments.filter((d) => matches(service.spec.selector, d.spec.template?.metadata.labels ?? {}));
    expect(picked.map((d) => envOf(d).get('OPSDECK_ROLE')?.value)).toEqual(['api']);
    for (const p of service.spec.ports ?? []) {
      expect(container(picked[0] as Doc).ports.map((cp) => cp.name)).toContain(p.targetPort);
    }
  });
});
