import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiFetch, authRedirect } from './client.js';
import { directDownloadClick } from './download.js';
import { apiTarget } from './target.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('direct mode in the http client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const signIn = vi.fn();

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    apiTarget.set({ base: 'https://acme.ops.example/', token: async () => 'provider-jwt', signIn });
    window.history.replaceState(null, '', '/incidents?status=open');
  });
  afterEach(() => {
    apiTarget.set(undefined);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    signIn.mockReset();
  });

  it('sends /api requests to the organization’s backend with the bearer token and no cookies', async () => {
    fetchMock.mockResolvedValue(json([{ id: 1 }], 201));
    await api.post('/api/db/teams', { name: 'sre' }, { params: { select: 'id' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://acme.ops.example/api/db/teams?select=id');
    expect(init.credentials).toBe('omit');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer provider-jwt');
  });

  it('lets a download fetch the raw answer the same way', async () => {
    fetchMock.mockResolvedValue(new Response('zip'));
    await apiFetch('/api/snapshot/topology/1', { method: 'GET' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://acme.ops.example/api/snapshot/topology/1');
    expect(init.credentials).toBe('omit');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer provider-jwt');
  });

  it('fetches a download link’s file with the token instead of following the link', async () => {
    fetchMock.mockResolvedValue(
      new Response('data', { headers: { 'content-disposition': 'attachment; filename="a.txt"' } }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const preventDefault = vi.fn();
    directDownloadClick('/api/artifacts/download/1', 'a.txt')({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((fetchMock.mock.calls[0] as [string])[0]).toBe('https://acme.ops.example/api/artifacts/download/1');
    apiTarget.set(undefined);
    const plain = vi.fn();
    directDownloadClick('/api/artifacts/download/1', 'a.txt')({ preventDefault: plain });
    expect(plain).not.toHaveBeenCalled();
  });

  it('leaves other paths on this origin, without the token', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.get('/healthz');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/healthz');
    expect(new Headers(init.headers).get('authorization')).toBeNull();
  });

  it('on 401 signs in at the provider again, with the way back', async () => {
    fetchMock.mockResolvedValue(json({ error: 'unauthorized', message: 'sign in' }, 401));
    await expect(api.get('/api/db/teams')).rejects.toThrow('sign in');
    expect(signIn).toHaveBeenCalledWith('/incidents?status=open');
  });

  it('goes back to the session check once direct mode is off', () => {
    apiTarget.set(undefined);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    authRedirect.go('/x');
    expect(assign).toHaveBeenCalledWith('/auth-state-checker?return_to=%2Fx');
  });
});
