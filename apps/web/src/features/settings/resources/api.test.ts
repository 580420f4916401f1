import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteResource } from './api.js';
import { canariesKind } from './kinds/canaries.js';
import { teamsKind } from './kinds/teams.js';

let asked: Array<{ method: string; url: string; body?: string }> = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      asked.push({ method: String(init.method), url, body: init.body as string | undefined });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('deleting a resource', () => {
  it('sends DELETE for a table that deletes softly itself', async () => {
    await deleteResource(canariesKind, 'c1');
    expect(asked).toEqual([{ method: 'DELETE', url: '/api/db/canaries?id=eq.c1', body: undefined }]);
  });

  it('sets deleted_at for a kind with softDelete (others refer to its rows)', async () => {
    await deleteResource(teamsKind, 't1');
    expect(asked[0]).toMatchObject({ method: 'PATCH', url: '/api/db/teams?id=eq.t1' });
    expect(Object.keys(JSON.parse(asked[0]?.body ?? '{}'))).toEqual(['deleted_at']);
  });
});
