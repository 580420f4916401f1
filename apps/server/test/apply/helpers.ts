import type { TestServer } from '../helpers/index.js';

/** POSTs (or DELETEs) YAML to /api/apply as `who` (a token, or a test role): status and body. */
export async function applyYaml(
  server: TestServer,
  yaml: string,
  opts: { token?: string; as?: 'admin' | 'editor' | 'viewer'; method?: 'POST' | 'DELETE'; dryRun?: boolean } = {},
) {
  const res = await server.fetch(`/api/apply${opts.dryRun ? '?dryRun=true' : ''}`, {
    method: opts.method ?? 'POST',
    as: opts.token ? null : (opts.as ?? 'admin'),
    headers: { 'content-type': 'application/yaml', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: yaml,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers read field by field
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** The `result` per `kind name` of an apply answer. */
export const resultsOf = (body: { results: Array<{ kind: string; name: string; result: string }> }) =>
  Object.fromEntries(body.results.map((r) => [`${r.kind} ${r.name}`, r.result]));
