import { z } from 'zod';
import { envVarSchema, namedEnvVarSchema, unsupportedField } from '../../canary/checks/common.js';
import { scraperSchema } from '../base.js';

/** A git repository checked out before a script runs (Mission Control's GitConnection). */
export const scraperCheckoutSchema = z.strictObject({
  url: z.string({ error: 'url is required' }).min(1, 'url is required'),
  /** `connection://namespace/name` of a git or http connection: its url, username and password. */
  connection: z.string().optional(),
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
  certificate: unsupportedField(
    'checkout.certificate (SSH keys) is not supported yet; use https with username and password',
  ),
  branch: z.string().min(1).optional(),
  depth: unsupportedField('depth is not supported: a checkout is shallow (the last commit only)'),
  type: unsupportedField('type is not needed to clone: any git URL over HTTPS is cloned as is'),
  /** Directory of the checkout, relative to the script's working directory. */
  destination: z
    .string()
    .min(1)
    .refine((v) => !v.startsWith('/') && !v.split('/').includes('..'), {
      message: 'destination must be a relative path inside the working directory',
    })
    .optional(),
});
export type ScraperCheckout = z.infer<typeof scraperCheckoutSchema>;

const connection = z.string().optional();

/** Why cluster credentials minted from a cloud account are refused. */
export const MANAGED_CLUSTER =
  'credentials minted from a cloud account (EKS, GKE, Config Connector) need that account, which OpsDeck cannot reach here: use a kubeconfig';
const ASSUME_ROLE = 'assumeRole needs AWS STS, which OpsDeck does not call: use the keys of the role';

/** Cloud and cluster credentials handed to the script as the variables their CLIs read. */
export const execConnectionsSchema = z.strictObject({
  aws: z
    .strictObject({
      connection,
      accessKey: envVarSchema.optional(),
      secretKey: envVarSchema.optional(),
      sessionToken: envVarSchema.optional(),
      region: z.string().optional(),
      endpoint: z.string().optional(),
      assumeRole: unsupportedField(ASSUME_ROLE),
      skipTLSVerify: unsupportedField(
        'skipTLSVerify is not handed to scripts: set AWS_CA_BUNDLE or --no-verify-ssl in the script',
      ),
    })
    .optional(),
  gcp: z
    .strictObject({
      connection,
      credentials: envVarSchema.optional(),
      endpoint: unsupportedField('a GCP endpoint is not handed to scripts: pass it in env'),
      project: unsupportedField('a GCP project is not handed to scripts: pass it in env (CLOUDSDK_CORE_PROJECT)'),
      skipTLSVerify: unsupportedField('skipTLSVerify is not handed to scripts: configure the CLI in the script'),
    })
    .optional(),
  azure: z
    .strictObject({
      connection,
      clientID: envVarSchema.optional(),
      clientSecret: envVarSchema.optional(),
      tenantID: z.string().optional(),
    })
    .optional(),
  kubernetes: z
    .strictObject({
      connection,
      kubeconfig: envVarSchema.optional(),
      eks: unsupportedField(MANAGED_CLUSTER),
      gke: unsupportedField(MANAGED_CLUSTER),
      cnrm: unsupportedField(MANAGED_CLUSTER),
    })
    .optional(),
  fromConfigItem: unsupportedField('connections.fromConfigItem is not supported yet'),
  eksPodIdentity: unsupportedField('connections.eksPodIdentity is not supported yet'),
  serviceAccount: unsupportedField('connections.serviceAccount is not supported yet'),
});
export type ExecConnections = z.infer<typeof execConnectionsSchema>;

/**
 * The `exec` scraper: runs `script` in the server's sandbox (bash, or the interpreter its `#!`
 * line names: python, node, ...) with `env`, credentials from `connections`, in a git `checkout`
 * when set; stdout is parsed as JSON, else YAML, else kept as text (a top-level array gives one
 * config per element).
 */
export const execScraperSchema = scraperSchema({
  script: z.string({ error: 'script is required' }).min(1, 'script is required'),
  env: z.array(namedEnvVarSchema).optional(),
  checkout: scraperCheckoutSchema.optional(),
  connections: execConnectionsSchema.optional(),
  setup: unsupportedField('setup (installing bun or python packages) is not supported yet; use what the server has'),
  artifacts: unsupportedField('exec artifacts are not supported yet'),
});
export type ExecScraper = z.infer<typeof execScraperSchema>;
