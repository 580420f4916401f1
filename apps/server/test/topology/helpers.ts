import { expect } from 'vitest';
import type { TestServer } from '../helpers/index.js';

/** JSON body that asks for the written rows back. */
export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

/** A component as GET /api/canary/api/topology answers it. */
export type Node = {
  id: string;
  name: string;
  status: string;
  health: string;
  summary: Record<string, unknown>;
  components?: Node[];
  properties?: Array<{ name: string; text?: string }>;
};

/** The child of `n` named `name`. */
export const child = (n: Node | undefined, name: string) => n?.components?.find((c) => c.name === name);

/** Topology calls through HTTP as an admin: save through /api/db, Run Now, read the tree. */
export function topologyApi(server: TestServer) {
  return {
    async save(name: string, spec: unknown): Promise<string> {
      const res = await server.fetch('/api/db/topologies', { method: 'POST', ...json({ name, spec }) });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
    },
    async runNow(id: string) {
      const res = await server.fetch(`/api/canary/run/topology/${id}`, { method: 'POST' });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as { components: number; deleted: number; errors: string[] };
    },
    async tree(query = ''): Promise<{ components: Node[]; types: string[]; tags: Record<string, string[]> }> {
      const res = await server.fetch(`/api/canary/api/topology${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json();
    },
  };
}
