import type { HttpCheck } from '@opsdeck/schema';
import aws4 from 'aws4';
import type { CheckContext } from '../types.js';

/**
 * Adds AWS Signature Version 4 headers (`Authorization`, `X-Amz-Date` and, with a session token, `X-Amz-Security-Token`) to `headers` for a request to `url`.
 * The signature covers the method, path, query, body and every header already set, so it is
 * applied last. aws4 adds a form Content-Type when a body has none: set one in `headers`.
 */
export async function signAwsSigV4(
  sig: NonNullable<HttpCheck['awsSigV4']>,
  request: { url: string; method: string; headers: Record<string, string>; body: string | undefined },
  ctx: Pick<CheckContext, 'resolveEnv'>,
): Promise<void> {
  const accessKeyId = await ctx.resolveEnv(sig.accessKey);
  const secretAccessKey = await ctx.resolveEnv(sig.secretKey);
  if (!accessKeyId || !secretAccessKey) throw new Error('awsSigV4: accessKey and secretKey must not be empty');
  const sessionToken = sig.sessionToken ? await ctx.resolveEnv(sig.sessionToken) : undefined;
  const u = new URL(request.url);
  const signed = aws4.sign(
    {
      host: u.host,
      path: `${u.pathname}${u.search}`,
      method: request.method,
      headers: { ...request.headers },
      ...(request.body !== undefined ? { body: request.body } : {}),
      service: sig.service,
      region: sig.region,
      signQuery: false,
    },
    { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  );
  for (const [k, v] of Object.entries(signed.headers ?? {})) {
    if (k.toLowerCase() !== 'host') request.headers[k.toLowerCase()] = String(v);
  }
}
