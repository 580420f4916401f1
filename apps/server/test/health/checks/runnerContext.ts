import { connect } from 'node:net';
import type { CheckContext } from '../../../src/health/checks/types.js';
import type { ResolvedConnection } from '../../../src/integrations/connection.js';
import { DEFAULT_SANDBOX, type SandboxPolicy } from '../../../src/sandbox/config.js';

/** Secrets and config maps a test's checks may reference with `valueFrom`. */
export interface TestSources {
  secrets?: Record<string, Record<string, string>>;
  configMaps?: Record<string, Record<string, string>>;
  connections?: Record<string, ResolvedConnection>;
}

/**
 * A CheckContext for calling a runner directly, resolving env sources and connections from
 * `sources`; `sandbox` overrides the default policy (e.g. the file roots a folder test reads).
 */
export function runnerContext(
  sources: TestSources = {},
  timeoutMs = 10_000,
  sandbox: Partial<SandboxPolicy> = {},
): CheckContext {
  return {
    signal: AbortSignal.timeout(timeoutMs),
    timeoutMs,
    async resolveConnection(ref) {
      const name =
        ref
          .replace(/^connection:\/\//, '')
          .split('/')
          .pop() ?? ref;
      const found = sources.connections?.[name];
      if (!found) throw new Error(`connection ${ref} not found`);
      return found;
    },
    async resolveEnv(source) {
      const s = source as {
        value?: string;
        valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } };
      };
      if (s.value !== undefined) return s.value;
      const secret = s.valueFrom?.secretKeyRef;
      if (secret) return sources.secrets?.[secret.name]?.[secret.key];
      const cm = s.valueFrom?.configMapKeyRef;
      if (cm) return sources.configMaps?.[cm.name]?.[cm.key];
      return undefined;
    },
    now: () => new Date(),
    sandbox: { ...DEFAULT_SANDBOX, ...sandbox },
  };
}

/**
 * Whether a service the machine should run (PostgreSQL, MariaDB, Redis) answers on `port`. When it
 * does not: with REQUIRE_SERVICES=1 (CI) this throws so the test file fails; otherwise it warns
 * and the caller skips its tests.
 */
export async function serviceAvailable(name: string, port: number, host = '127.0.0.1'): Promise<boolean> {
  const up = await new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
  if (up) return true;
  const reason = `${name} is not running on ${host}:${port}`;
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`${reason} (REQUIRE_SERVICES=1)`);
  console.warn(`skipping ${name} runner tests: ${reason}`);
  return false;
}

/** A TCP port on 127.0.0.1 with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
