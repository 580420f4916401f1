import { Agent } from 'node:https';
import { type S3Check, s3CheckSchema } from '@opsdeck/schema';
import type { FileEntry } from '../../integrations/files.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import { fileSetOutcome } from './lib/fileSet.js';
import { type CheckType, failure } from './types.js';

const loadS3 = lazyDriver(() => import('@aws-sdk/client-s3'));

/** Objects listed at most per run: a bucket of millions must not stall the check. */
const MAX_OBJECTS = 10_000;
const GLOB = /[*?[]/;

function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** `backups/db-*.gz` -> list prefix `backups/db-` and keep keys matching the glob. */
export function splitObjectPath(objectPath: string): { prefix: string; pattern?: RegExp } {
  const path = objectPath.replace(/^\/+/, '');
  const at = path.search(GLOB);
  if (at < 0) return { prefix: path };
  return { prefix: path.slice(0, at), pattern: globToRegExp(path) };
}

function s3ErrorText(err: unknown, S3ServiceException: typeof import('@aws-sdk/client-s3').S3ServiceException): string {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    const text = err.message && err.message !== 'UnknownError' ? err.message : err.name;
    return `${err.name}${status ? ` (${status})` : ''}: ${text}`;
  }
  if (err instanceof Error) {
    const code = (err as { code?: string }).code;
    return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message || err.name;
  }
  return String(err);
}

/**
 * `s3`: lists the objects under `objectPath` in `bucket` (ListObjectsV2, paginated, at most
 * MAX_OBJECTS) and applies the folder check's file tests to them.
 */
export const s3Check: CheckType<S3Check> = {
  type: 's3',
  schema: s3CheckSchema,
  defaultTimeoutMs: 60_000,
  endpoint: (spec) => `s3://${spec.bucket ?? ''}/${spec.objectPath ?? ''}`,
  async run(spec, ctx) {
    const conn = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
    const accessKeyId = (spec.accessKey ? await ctx.resolveEnv(spec.accessKey) : undefined) || conn?.username;
    const secretAccessKey = (spec.secretKey ? await ctx.resolveEnv(spec.secretKey) : undefined) || conn?.password;
    const sessionToken = spec.sessionToken ? await ctx.resolveEnv(spec.sessionToken) : undefined;
    const bucket = spec.bucket || conn?.properties.bucket;
    if (!bucket) return failure(new Error(`connection ${spec.connection} names no bucket; set bucket on the check`));
    const endpoint = spec.endpoint || conn?.properties.endpoint || conn?.url || undefined;
    const insecure = spec.skipTLSVerify ?? conn?.insecureTls ?? false;
    const { S3Client, ListObjectsV2Command, S3ServiceException } = await loadS3();
    const client = new S3Client({
      region: spec.region || conn?.properties.region || 'us-east-1',
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle: spec.usePathStyle ?? !!endpoint,
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, sessionToken } } : {}),
      maxAttempts: 1,
      requestHandler: {
        connectionTimeout: ctx.timeoutMs,
        requestTimeout: ctx.timeoutMs,
        ...(insecure ? { httpsAgent: new Agent({ rejectUnauthorized: false }) } : {}),
      },
    });
    const { prefix, pattern } = splitObjectPath(spec.objectPath ?? '');
    const listing: FileEntry[] = [];
    let truncated = false;
    try {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
          { abortSignal: ctx.signal },
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key || o.Key.endsWith('/') || (pattern && !pattern.test(o.Key))) continue;
          listing.push({
            name: o.Key,
            path: `s3://${bucket}/${o.Key}`,
            size: o.Size ?? 0,
            mode: o.StorageClass ?? '',
            modified: o.LastModified ?? new Date(0),
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
        truncated = !!token && listing.length >= MAX_OBJECTS;
      } while (token && !truncated);
    } catch (err) {
      return failure(new Error(`s3://${bucket}/${prefix}: ${s3ErrorText(err, S3ServiceException)}`));
    } finally {
      client.destroy();
    }
    const outcome = fileSetOutcome(spec, listing, ctx.now(), ctx.previousResult);
    if (truncated) outcome.detail = { truncated: `listing stopped after ${MAX_OBJECTS} objects` };
    return outcome;
  },
};
