/**
 * Signs in to a running OpsDeck through its Kratos-compatible self-service API, as the web app
 * does (browser flow, JSON, CSRF token from the flow), and answers a fetch that sends the
 * session cookie.
 */
export async function signIn(baseUrl: string, identifier: string, password: string): Promise<typeof fetch> {
  const cookies = new Map<string, string>();
  const jar: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('accept', headers.get('accept') ?? 'application/json');
    headers.set('origin', baseUrl);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const flowRes = await jar(`${baseUrl}/api/.ory/self-service/login/browser`);
  const flow = (await flowRes.json()) as {
    id: string;
    ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
  };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const res = await jar(`${baseUrl}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier, password, csrf_token: csrf }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: HTTP ${res.status} ${await res.text()}`);
  return jar;
}
