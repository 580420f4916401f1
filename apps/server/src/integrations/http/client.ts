import type { TLSSocket } from 'node:tls';
import { Agent, buildConnector, Dispatcher, request } from 'undici';

/**
 * HTTP(S) client for checks on undici: a fresh Agent per run for https (so the TLS handshake and
 * its peer certificate belong to this run), client TLS options, and manual redirects so a check
 * can stop at the 3xx and assert it (`maxRedirects: 0`). Plain http:// goes through one shared
 * keep-alive agent (`runDispatcher`): a new TCP connection per run was a quarter of the server's
 * CPU at 20,000 checks a minute.
 */

/** TLS options of the client side. */
export interface ClientTls {
  ca?: string;
  cert?: string;
  key?: string;
  insecureSkipVerify?: boolean;
  handshakeTimeoutMs?: number;
}

/** The certificate the server presented, as far as a check needs it. */
export interface SeenCertificate {
  validTo: Date;
  subject: string;
  issuer: string;
}

/** A response with its body read as text (capped). */
export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  url: string;
  redirects: number;
}

const MAX_BODY = 10 * 1024 * 1024;

/** Creates the per-run agent and a getter for the last peer certificate it saw. */
export function createAgent(
  tls: ClientTls,
  timeoutMs: number,
): { agent: Agent; certificate: () => SeenCertificate | undefined } {
  let seen: SeenCertificate | undefined;
  const base = buildConnector({
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
    rejectUnauthorized: !tls.insecureSkipVerify,
    timeout: tls.handshakeTimeoutMs ?? timeoutMs,
  });
  const agent = new Agent({
    connect: (opts, cb) =>
      base(opts, (err, socket) => {
        if (!err && socket && typeof (socket as TLSSocket).getPeerCertificate === 'function') {
          const cert = (socket as TLSSocket).getPeerCertificate();
          if (cert?.valid_to) {
            const name = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
            seen = { validTo: new Date(cert.valid_to), subject: name(cert.subject?.CN), issuer: name(cert.issuer?.CN) };
          }
        }
        cb(err as Error, socket as never);
      }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    // one connection per origin: a run's requests go one after another, and a Client per origin
    // instead of a Pool costs a fifth less CPU per run
    connections: 1,
  });
  return { agent, certificate: () => seen };
}

/** Connections kept per origin: runs of many checks against one origin at once queue past this. */
const PER_ORIGIN = 16;
/** Origins with open connections: a run to yet another origin closes its connection when done. */
const MAX_ORIGINS = 512;

/**
 * The keep-alive agent every run shares for plain http://. An idle connection closes after 10 s
 * (or the server's shorter Keep-Alive hint), and an origin whose connections have all closed
 * leaves the agent's map, so its size follows the origins in use. A connect outlasting 30 s
 * fails; a check's own deadline (its abort signal) comes first for shorter timeouts.
 */
class KeepAlive {
  readonly agent = new Agent({
    connections: PER_ORIGIN,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connect: { timeout: 30_000 },
  });
  /** Open connections per origin, from the agent's connect and disconnect events. */
  private readonly open = new Map<string, number>();

  constructor() {
    // the agent's events name the origin as a URL (`http://host:port/`), requests as `http://host:port`
    const keyOf = (origin: URL | string) => new URL(String(origin)).origin;
    this.agent.on('connect', (origin) => {
      const key = keyOf(origin);
      this.open.set(key, (this.open.get(key) ?? 0) + 1);
    });
    const closed = (origin: URL) => {
      const key = keyOf(origin);
      const n = (this.open.get(key) ?? 0) - 1;
      if (n > 0) this.open.set(key, n);
      else this.open.delete(key);
    };
    this.agent.on('disconnect', closed);
  }

  /** Whether a run to `origin` may leave its connection open for the next one. */
  keeps(origin: string): boolean {
    return this.open.has(origin) || this.open.size < MAX_ORIGINS;
  }

  /** Connections open now (for tests). */
  connections(): number {
    let n = 0;
    for (const c of this.open.values()) n += c;
    return n;
  }
}

let shared: KeepAlive | undefined;
const keepAlive = () => {
  shared ??= new KeepAlive();
  return shared;
};

/** Open connections of the shared plain-http agent. */
export function keptConnections(): number {
  return shared?.connections() ?? 0;
}

/**
 * One run's dispatcher: http:// through the shared keep-alive agent (the run's timeout per
 * request), https:// through an Agent of the run's own, made on first use, with its TLS options
 * and the certificate it saw. A redirect from one to the other changes dispatcher mid-run.
 */
class RunDispatcher extends Dispatcher {
  private secure?: ReturnType<typeof createAgent>;

  constructor(
    private readonly tls: ClientTls,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = typeof options.origin === 'string' ? options.origin : String(options.origin?.origin);
    if (!origin.startsWith('http:')) {
      this.secure ??= createAgent(this.tls, this.timeoutMs);
      return this.secure.agent.dispatch(options, handler);
    }
    const shared = keepAlive();
    return shared.agent.dispatch(
      {
        ...options,
        headersTimeout: options.headersTimeout ?? this.timeoutMs,
        bodyTimeout: options.bodyTimeout ?? this.timeoutMs,
        reset: options.reset || !shared.keeps(origin),
      },
      handler,
    );
  }

  certificate(): SeenCertificate | undefined {
    return this.secure?.certificate();
  }

  /** Ends the run: its own https agent goes (with `reason`); shared connections stay for the next run. */
  release(reason: Error): void {
    this.secure?.agent.destroy(reason).catch(() => {});
    this.secure = undefined;
  }
}

/**
 * The shared keep-alive agent for http:// and https:// alike (the system's CAs, no client
 * certificate, undici's own timeouts), for callers with no TLS options or certificate of their
 * own (a playbook's http action). An origin past MAX_ORIGINS closes its connection after the
 * request, as a check run's does.
 */
class SharedDispatcher extends Dispatcher {
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const shared = keepAlive();
    const origin = typeof options.origin === 'string' ? options.origin : String(options.origin?.origin);
    return shared.agent.dispatch({ ...options, reset: options.reset || !shared.keeps(origin) }, handler);
  }
}

let sharedDispatcherInstance: SharedDispatcher | undefined;

/** The process's shared keep-alive dispatcher (see SharedDispatcher). */
export function sharedDispatcher(): Dispatcher {
  sharedDispatcherInstance ??= new SharedDispatcher();
  return sharedDispatcherInstance;
}

/** The dispatcher of one check run (see RunDispatcher); call `release` when the run ends. */
export function runDispatcher(tls: ClientTls, timeoutMs: number): RunDispatcher {
  return new RunDispatcher(tls, timeoutMs);
}

/**
 * The body as text, refused past MAX_BODY. Read with 'data' events rather than `for await`: the
 * async iterator made a dozen objects per response (a tenth of what a plain check run allocated).
 */
function readCapped(body: Dispatcher.ResponseData['body']): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) return void chunks.push(chunk);
      body.destroy();
      reject(new Error(`response body larger than ${MAX_BODY / 1024 / 1024}MiB`));
    });
    body.once('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8')),
    );
    body.once('error', reject);
    // a body destroyed before its end without an error ends the read too
    body.once('close', () => {
      if (!body.readableEnded) reject(new Error('Premature close'));
    });
  });
}

/** Sends a request, following up to `maxRedirects` redirects (301/302/303 become GET). */
export async function send(
  agent: Dispatcher,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; maxRedirects: number; signal: AbortSignal },
): Promise<HttpResponse> {
  let current = new URL(url);
  let { method, body } = init;
  // copied before the first change (a redirect), so the caller's object is never changed
  let headers = init.headers;
  for (let redirects = 0; ; redirects++) {
    const res = await request(current, {
      dispatcher: agent,
      method: method as 'GET',
      headers,
      body,
      signal: init.signal,
    });
    const location = res.headers.location;
    if (
      res.statusCode >= 300 &&
      res.statusCode < 400 &&
      typeof location === 'string' &&
      redirects < init.maxRedirects
    ) {
      await res.body.dump();
      const next = new URL(location, current);
      if (headers === init.headers) headers = { ...headers };
      if (next.host !== current.host) delete headers.authorization; // never hand credentials to another host
      if ([301, 302, 303].includes(res.statusCode) && method !== 'HEAD') {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      current = next;
      continue;
    }
    const text = await readCapped(res.body);
    const flat: Record<string, string | string[]> = {};
    for (const k in res.headers) {
      const v = res.headers[k];
      if (v !== undefined) flat[k] = v;
    }
    return { status: res.statusCode, headers: flat, body: text, url: current.toString(), redirects };
  }
}
