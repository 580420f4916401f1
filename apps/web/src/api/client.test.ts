import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, authRedirect, buildUrl, request } from './client.js';
import { ApiError } from './errors.js';
import { fetchPage } from './postgrest.js';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

describe('http client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let redirect: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    redirect = vi.spyOn(authRedirect, 'go').mockImplementation(() => {});
    window.history.replaceState(null, '', '/incidents?status=open');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns the parsed body', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    await expect(api.get('/api/x')).resolves.toEqual({ ok: true });
  });

  it('sends JSON bodies with a content type', async () => {
    fetchMock.mockResolvedValue(json({ id: 1 }, { status: 201 }));
    await api.post('/api/db/incidents', { title: 'Down' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/db/incidents');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"Down"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('on 401 sends the browser to the session check with the current path and query', async () => {
    fetchMock.mockResolvedValue(json({ error: 'unauthorized', message: 'sign in' }, { status: 401 }));
    await expect(api.get('/api/auth/whoami')).rejects.toMatchObject({ status: 401 });
    expect(redirect).toHaveBeenCalledWith('/incidents?status=open');
  });

  it('leaves a 401 to the caller when asked', async () => {
    fetchMock.mockResolvedValue(json({ message: 'no session' }, { status: 401 }));
    await expect(request('GET', '/api/x', { allow401: true })).rejects.toBeInstanceOf(ApiError);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("shows the server's message on other errors", async () => {
    fetchMock.mockResolvedValue(json({ error: 'bad_request', message: 'limit must be a number' }, { status: 400 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'limit must be a number', status: 400 });
    fetchMock.mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway' });
  });

  it('turns a failed connection into the network message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'Network Error. Please try again.' });
  });

  it('says when the browser is offline', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: 'No internet connection. Please try again.' });
  });

  it('gives up after the timeout with the timeout message', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(api.get('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({
      message: 'Request timed out. Please try again.',
    });
  });

  it('builds query strings with repeated keys and skips empty values', () => {
    expect(buildUrl('/api/db/checks', { select: 'id,name', status: ['a', 'b'], x: undefined, y: null })).toBe(
      '/api/db/checks?select=id%2Cname&status=a&status=b',
    );
    expect(buildUrl('/a?b=1', { c: 2 })).toBe('/a?b=1&c=2');
  });

  it('pages a PostgREST resource with count=exact and reads the total from Content-Range', async () => {
    fetchMock.mockResolvedValue(json([{ id: 'a' }, { id: 'b' }], { headers: { 'content-range': '50-51/52' } }));
    const page = await fetchPage('/api/db/incidents', {
      select: 'id',
      filters: { deleted_at: 'is.null' },
      sortBy: 'created_at',
      sortOrder: 'desc',
      pageIndex: 1,
      pageSize: 50,
    });
    expect(page).toEqual({ rows: [{ id: 'a' }, { id: 'b' }], total: 52 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(
      '/api/db/incidents?deleted_at=is.null&select=id&order=created_at.desc.nullslast&limit=50&offset=50',
    );
    expect(new Headers(init.headers).get('prefer')).toBe('count=exact');
  });
});
