import { posix } from 'node:path';
import { type SftpCheck, sftpCheckSchema } from '@opsdeck/schema';
import type SftpClient from 'ssh2-sftp-client';
import { abortable, driverTimeout, resolveEndpoint } from '../../integrations/endpoint.js';
import type { FileEntry } from '../../integrations/files.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import { fileSetOutcome } from './lib/fileSet.js';
import { type CheckType, failure } from './types.js';

const loadSftp = lazyDriver(async () => (await import('ssh2-sftp-client')).default);

/** Bounds on a recursive walk, so a huge tree cannot stall the check. */
const MAX_ENTRIES = 10_000;
const MAX_DEPTH = 10;

/** Host and port from `host`, the url (`sftp://host:port`) or the stored connection. */
function target(
  spec: SftpCheck,
  url: string | undefined,
  props: Record<string, string>,
): { host: string; port: number } {
  if (spec.host) return { host: spec.host, port: spec.port ?? 22 };
  if (url) {
    const u = new URL(url.includes('://') ? url : `sftp://${url}`);
    return { host: u.hostname, port: spec.port ?? (u.port ? Number(u.port) : Number(props.port) || 22) };
  }
  if (props.host) return { host: props.host, port: spec.port ?? (Number(props.port) || 22) };
  throw new Error('no host: set host on the check or on the connection');
}

async function walk(client: SftpClient, dir: string, recursive: boolean, depth = 0, out: FileEntry[] = []) {
  for (const e of await client.list(dir)) {
    if (out.length >= MAX_ENTRIES) break;
    const full = posix.join(dir, e.name);
    if (e.type === 'd') {
      if (recursive && depth < MAX_DEPTH) await walk(client, full, recursive, depth + 1, out);
      continue;
    }
    out.push({
      name: e.name,
      path: full,
      size: e.size,
      mode: `${e.type}${e.rights.user}/${e.rights.group}/${e.rights.other}`,
      modified: new Date(e.modifyTime),
    });
  }
  return out;
}

/**
 * `sftp`: connects over SSH (password or private key), lists `path` (recursively when asked) and
 * applies the folder check's file tests to the regular files and symlinks found.
 */
export const sftpCheck: CheckType<SftpCheck> = {
  type: 'sftp',
  schema: sftpCheckSchema,
  defaultTimeoutMs: 60_000,
  endpoint: (spec) => `sftp://${spec.host ?? spec.url ?? spec.connection ?? ''}${spec.path}`,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    const privateKey = spec.privateKey ? await ctx.resolveEnv(spec.privateKey) : undefined;
    let where = spec.path;
    const Sftp = await loadSftp();
    const client = new Sftp('opsdeck-check');
    try {
      const { host, port } = target(spec, endpoint.url, endpoint.connection?.properties ?? {});
      where = `sftp://${host}:${port}${spec.path}`;
      const listing = await abortable(
        ctx.signal,
        (async () => {
          await client.connect({
            host,
            port,
            username: endpoint.username,
            ...(privateKey ? { privateKey } : { password: endpoint.password }),
            readyTimeout: driverTimeout(ctx.timeoutMs),
            retries: 0,
          });
          return walk(client, spec.path, spec.recursive ?? false);
        })(),
      );
      return fileSetOutcome(spec, listing, ctx.now(), ctx.previousResult);
    } catch (err) {
      const text = err instanceof Error ? err.message.replace(/^(connect|list): /, '') : String(err);
      return failure(new Error(`${where}: ${text}`));
    } finally {
      void client.end().catch(() => {});
    }
  },
};
