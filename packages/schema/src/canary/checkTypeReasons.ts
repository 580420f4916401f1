/**
 * Check types a canary may name that OpsDeck does not run, each with what follows "check type 'x'"
 * in the message a person reads when a canary uses one: the API and `opsdeck apply` refuse it at
 * `spec.<type>`, the form builder shows it on the check's card. Keys are Canary spec list names.
 */
export const UNRUNNABLE_CHECK_TYPES: Readonly<Record<string, string>> = {
  awsConfig: 'is not supported yet: OpsDeck has no AWS Config client',
  awsConfigRule: 'is not supported yet: OpsDeck has no AWS Config client',
  cloudwatch: 'is not supported yet: OpsDeck has no CloudWatch client',
  ec2: 'is not supported: it starts and stops EC2 instances; use an exec check with the aws CLI',
  gcs: "is not supported yet; use an s3 check against Google Cloud Storage's S3-compatible endpoint (https://storage.googleapis.com with HMAC keys)",
  smb: 'is not supported yet; mount the share on the OpsDeck host and use a folder check',
  configDB: 'is not supported yet: OpsDeck has no config database check; query the catalog through /api/db',
  catalog: 'is not supported yet',
  azureDevops: 'is not supported yet: OpsDeck has no Azure DevOps client',
  jmeter: 'is not supported: it needs a JMeter installation; run JMeter from an exec check',
  dynatrace: 'is not supported yet: OpsDeck has no Dynatrace client',
  restic: 'is not supported yet; run `restic check` from an exec check',
  pubsub: 'is not supported yet',
  kubernetesResource: 'is not supported yet (it creates resources); use a kubernetes check',
  databaseBackup: 'is not supported yet',
};

/** Spec keys canary-checker still parses but removed (its message, in meaning). */
export const REMOVED_CHECK_TYPES: readonly string[] = [
  'github',
  'gitProtocol',
  'docker',
  'dockerPull',
  'dockerPush',
  'containerd',
  'containerdPull',
  'containerdPush',
  'helm',
  'namespace',
  'pod',
];

/** Why a check type cannot run on OpsDeck, or undefined when it can (or is unknown). */
export function unrunnableReason(type: string): string | undefined {
  if (REMOVED_CHECK_TYPES.includes(type)) {
    return `check type '${type}' has been removed, use kubernetesResource or exec checks instead`;
  }
  const why = UNRUNNABLE_CHECK_TYPES[type];
  return why ? `check type '${type}' ${why}` : undefined;
}
