import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExecConnections } from '@opsdeck/schema';
import type { ResolvedConnection } from './connection.js';

/**
 * The `connections` of a script (exec scrapers, exec playbook actions): cloud and cluster
 * credentials as the variables their CLIs read, credential files written under the work directory
 * (the caller hands them to the sandbox user).
 */

/** Where the credentials come from: stored connections and value sources. */
export interface CredentialSources {
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  resolveEnv(source: unknown): Promise<string | undefined>;
}

/** Variables of `connections`, as the clouds' CLIs read them; credential files go under `work`. */
export async function connectionEnv(
  c: ExecConnections | undefined,
  work: string,
  ctx: CredentialSources,
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  if (!c) return env;
  const put = (name: string, value: string | undefined) => {
    if (value) env[name] = value;
  };
  const stored = async (ref: string | undefined) => (ref ? ctx.resolveConnection(ref) : undefined);
  const value = async (source: unknown) => (source === undefined ? undefined : ctx.resolveEnv(source));
  if (c.aws) {
    const conn = await stored(c.aws.connection);
    put('AWS_ACCESS_KEY_ID', (await value(c.aws.accessKey)) || conn?.username);
    put('AWS_SECRET_ACCESS_KEY', (await value(c.aws.secretKey)) || conn?.password);
    put('AWS_SESSION_TOKEN', (await value(c.aws.sessionToken)) || conn?.properties.sessionToken);
    const region = c.aws.region || conn?.properties.region;
    put('AWS_REGION', region);
    put('AWS_DEFAULT_REGION', region);
    put('AWS_ENDPOINT_URL', c.aws.endpoint || conn?.url);
  }
  if (c.azure) {
    const conn = await stored(c.azure.connection);
    put('AZURE_CLIENT_ID', (await value(c.azure.clientID)) || conn?.username);
    put('AZURE_CLIENT_SECRET', (await value(c.azure.clientSecret)) || conn?.password);
    put('AZURE_TENANT_ID', c.azure.tenantID || conn?.properties.tenant || conn?.properties.tenantID);
  }
  if (c.gcp) {
    const conn = await stored(c.gcp.connection);
    const credentials = (await value(c.gcp.credentials)) || conn?.certificate || conn?.password;
    if (credentials) {
      const file = path.join(work, '.gcp-credentials.json');
      await writeFile(file, credentials, { mode: 0o600 });
      env.GOOGLE_APPLICATION_CREDENTIALS = file;
    }
  }
  if (c.kubernetes) {
    const conn = await stored(c.kubernetes.connection);
    const kubeconfig = (await value(c.kubernetes.kubeconfig)) || conn?.certificate || conn?.properties.kubeconfig;
    if (kubeconfig) {
      const file = path.join(work, '.kubeconfig');
      await writeFile(file, kubeconfig, { mode: 0o600 });
      env.KUBECONFIG = file;
    }
  }
  return env;
}
