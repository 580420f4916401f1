import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRedirect } from './client.js';
import { EARLY_MAX_AGE_MS, orEarly, startEarly } from './early.js';
import { apiTarget } from './target.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('early requests', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let redirect: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    redirect = vi.spyOn(authRedirect, 'go').mockImplementation(() => {});
  });
  afterEach(() => {
    apiTarget.set(undefined);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answers the same request from the early one, once, without asking the server again', async () => {
    fetchMock.mockResolvedValueOnce(json({ payload: 'early' }));
    startEarly('/api/auth/whoami');
    const later = vi.fn(async () => ({ payload: 'later' }));
    await expect(orEarly('/api/auth/whoami', later)).resolves.toEqual({ payload: 'early' });
    expect(later).not.toHaveBeenCalled();
    // a second read (a refetch) asks the server
    await expect(orEarly('/api/auth/whoami', later)).resolves.toEqual({ payload: 'later' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to the app: no sign-in redirect from the early request, the usual one from the next', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'unauthorized' }, 401));
    startEarly('/api/auth/whoami');
    const later = vi.fn(async () => 'asked again');
    await expect(orEarly('/api/auth/whoami', later)).resolves.toBe('asked again');
    expect(redirect).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer is too old, is for another query, or came from this origin in direct mode', async () => {
    fetchMock.mockImplementation(async () => json({ from: 'early' }));
    startEarly('/api/canary/api/summary?timeRange=1h', { now: Date.now() - EARLY_MAX_AGE_MS - 1 });
    await expect(orEarly('/api/canary/api/summary?timeRange=1h', async () => 'fresh')).resolves.toBe('fresh');

    startEarly('/api/canary/api/summary?timeRange=1h&status=unhealthy');
    await expect(orEarly('/api/canary/api/summary?timeRange=1h', async () => 'fresh')).resolves.toBe('fresh');

    startEarly('/api/auth/whoami');
    apiTarget.set({ base: 'https://acme.example', token: async () => 't', signIn: () => {} });
    await expect(orEarly('/api/auth/whoami', async () => 'from the backend')).resolves.toBe('from the backend');
  });
});
