import path from 'node:path';
import { z } from 'zod';
// each domain's config module directly, never its index: loading the configuration loads no routes
import { type AgentInstallConfig, agentInstallConfigFrom, agentInstallEnvSchema } from './agents/admin/config.js';
import { type UpstreamConfig, upstreamConfigFrom, upstreamEnvSchema } from './agents/agent/config.js';
import { type HttpConfig, httpConfigFrom, httpEnvSchema } from './http/config.js';
import { type IdentityConfig, identityConfigFrom, identityEnvSchema } from './identity/config.js';
import { type SandboxConfig, sandboxConfigFrom, sandboxEnvSchema } from './sandbox/config.js';
import { type WorkersConfig, workersConfigFrom, workersEnvSchema } from './workers/config.js';

/** Where OpsDeck runs its parts: `all` (default), only the HTTP API, or only background workers. */
export const roleSchema = z.enum(['all', 'api', 'worker']);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  OPSDECK_DATA_DIR: z.string().default('./data'),
  OPSDECK_ROLE: roleSchema.default('all'),
  OPSDECK_WEB_DIR: z.string().optional(),
  OPSDECK_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Properties set by the environment (`name=value`, comma or newline separated); read-only in the UI. */
  OPSDECK_PROPERTIES: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** OpsDeck's own log file (besides stdout); `off`: stdout only. Default: `<data dir>/logs/opsdeck.log`. */
  OPSDECK_LOG_FILE: z.string().optional(),
  ...identityEnvSchema.shape,
  ...sandboxEnvSchema.shape,
  ...httpEnvSchema.shape,
  ...upstreamEnvSchema.shape,
  ...agentInstallEnvSchema.shape,
  ...workersEnvSchema.shape,
});

/** The environment variables the configuration reads (the deployment manifest test checks against them). */
export const configEnvNames: readonly string[] = Object.keys(envSchema.shape);

/** Typed OpsDeck configuration, read once from the environment and CLI flags. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent OpsDeck uses the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  role: z.infer<typeof roleSchema>;
  /** Directory of the built web app; undefined serves no SPA (API only). */
  webDir: string | undefined;
  bodyLimit: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where OpsDeck also writes its log (the demo log backend reads it); undefined: stdout only. */
  logFile: string | undefined;
  /** Built-in identity server, sessions, email and bootstrap admin (identity/config.ts). */
  identity: IdentityConfig;
  /** Exec checks, the sandbox user and the file roots (sandbox/config.ts). */
  sandbox: SandboxConfig;
  /** Proxy trust and /metrics access (http/config.ts). */
  http: HttpConfig;
  /** Properties from OPSDECK_PROPERTIES: they shadow database rows of the same name. */
  properties: Record<string, string>;
  /** Agent mode: the upstream this OpsDeck pushes to (upstream/config.ts); undefined: none. */
  upstream?: UpstreamConfig;
  /** The chart repository shown in a new agent's install text (agents/admin/config.ts). */
  agentInstall: AgentInstallConfig;
  /** Worker heartbeats and when a silent worker is taken for dead (workers/config.ts). */
  workers: WorkersConfig;
}

/** Reads the config from `env`, with `overrides` (CLI flags) winning. Throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.OPSDECK_DATA_DIR),
    role: e.OPSDECK_ROLE,
    webDir: e.OPSDECK_WEB_DIR ? path.resolve(e.OPSDECK_WEB_DIR) : defaultWebDir(),
    bodyLimit: e.OPSDECK_BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    logFile: logFileOf(e.OPSDECK_LOG_FILE, path.resolve(e.OPSDECK_DATA_DIR)),
    identity: identityConfigFrom(e),
    sandbox: sandboxConfigFrom(e),
    http: httpConfigFrom(e),
    properties: parseProperties(e.OPSDECK_PROPERTIES),
    upstream: upstreamConfigFrom(e),
    agentInstall: agentInstallConfigFrom(e),
    workers: workersConfigFrom(e),
    ...overrides,
  };
}

/** `a.disable=true, b=x` (or one a line) to a map; a pair without `=` is a configuration error. */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/[,\n]/)) {
    const pair = raw.trim();
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`invalid configuration: OPSDECK_PROPERTIES: "${pair}" is not name=value`);
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

function logFileOf(v: string | undefined, dataDir: string): string | undefined {
  if (v === 'off') return undefined;
  return v ? path.resolve(v) : path.join(dataDir, 'logs', 'opsdeck.log');
}

function defaultWebDir(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}
