import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from '../helpers/index.js';

/** A browser: a cookie jar in front of fetch, and Ory's own client bound to it. */
export interface Browser {
  fetch: typeof fetch;
  ory: FrontendApi;
  cookies: Map<string, string>;
  /** Raw Set-Cookie headers seen, to check their attributes. */
  setCookies: string[];
}

/** A fresh browser (empty cookie jar) talking to the test server. */
export function browser(server: TestServer): Browser {
  const cookies = new Map<string, string>();
  const setCookies: string[] = [];
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    // as browsers do: every POST/PUT/PATCH/DELETE carries the page's Origin
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && !headers.has('origin') && !headers.has('referer'))
      headers.set('origin', server.url);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers, redirect: init.redirect ?? 'manual' });
    for (const c of res.headers.getSetCookie()) {
      setCookies.push(c);
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  // as Ory documents for single-page apps: ask for JSON, or browser flows answer with redirects
  const ory = new FrontendApi(
    new Configuration({
      basePath: `${server.url}/api/.ory`,
      fetchApi: jarFetch,
      headers: { Accept: 'application/json' },
    }),
  );
  return { fetch: jarFetch, ory, cookies, setCookies };
}

interface NodeView {
  attributes: {
    name?: string;
    type?: string;
    value?: unknown;
    id?: string;
    src?: string;
    text?: { id: number; text: string };
  };
  messages: Array<{ id: number; text: string }>;
  meta: { label?: { id: number; text: string } };
}

/** What a failed call answers: a Kratos error envelope, or a flow with messages (400). */
export interface OryBody {
  error?: { id?: string; code: number; message: string; reason?: string; details?: Record<string, unknown> };
  use_flow_id?: string;
  redirect_browser_to?: string;
  expired_at?: string;
  ui?: { messages?: Array<{ id: number; text: string }>; nodes: NodeView[] };
  [key: string]: unknown;
}

/** The node named `name` of a flow (or of a 400 body). */
export function nodeOf(flow: { ui?: { nodes: unknown[] } }, name: string): NodeView {
  const node = (flow.ui?.nodes as NodeView[] | undefined)?.find(
    (n) => n.attributes.name === name || n.attributes.id === name,
  );
  if (!node) throw new Error(`flow has no node ${name}`);
  return node;
}

/** The status and Kratos error body of a failed SDK call. */
export async function oryError(p: Promise<unknown>): Promise<{ status: number; body: OryBody }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ResponseError)
      return { status: err.response.status, body: (await err.response.json()) as OryBody };
    throw err;
  }
  throw new Error('expected the call to fail');
}

/** The csrf_token node value of a flow. */
export function csrfOf(flow: { ui: { nodes: Array<{ attributes: unknown }> } }): string {
  for (const n of flow.ui.nodes) {
    const a = n.attributes as { name?: string; value?: unknown };
    if (a.name === 'csrf_token') return String(a.value);
  }
  throw new Error('flow has no csrf_token node');
}

/** Names of the input nodes of a flow. */
export function inputNames(flow: { ui: { nodes: Array<{ attributes: unknown }> } }): string[] {
  return flow.ui.nodes.map((n) => (n.attributes as { name?: string }).name).filter((n): n is string => !!n);
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtp(): Promise<{
  url: string;
  messages: Array<{ to: string; body: string }>;
  close(): Promise<void>;
}> {
  const messages: Array<{ to: string; body: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString('utf8');
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body: data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}

/** Waits for the newest email to `to` and returns the 6-digit code in it. */
export async function codeFor(
  smtp: { messages: Array<{ to: string; body: string }> },
  to: string,
  after = 0,
): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mine = smtp.messages.filter((m) => m.to === to);
    const last = mine[mine.length - 1];
    if (mine.length > after && last) {
      const m = /\n(\d{6})\s*\n/.exec(last.body.replace(/=\r?\n/g, '').replace(/\r/g, ''));
      if (m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code emailed to ${to}`);
}

/** Signs a browser in with a password through the SDK; returns the login response. */
export async function signIn(b: Browser, identifier: string, password: string) {
  const flow = await b.ory.createBrowserLoginFlow();
  return b.ory.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier, password, csrf_token: csrfOf(flow) },
  });
}
