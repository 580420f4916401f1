/**
 * Which icon a type stands for: a config item type (`Kubernetes::Pod`, `AWS::EC2::Instance`,
 * `Postgres::Table`, `File`), a check type (`http`, `postgres`, `dns`) or a component's icon or type
 * (`database`, `server`). One resolver for the catalog, topology and health, so the same thing
 * looks the same everywhere. Pure: the glyphs live in glyphs.tsx.
 */

export const CLOUD_PROVIDERS = ['aws', 'azure', 'gcp'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/** Kinds of cloud resource with an icon of their own; any other is the provider's mark. */
export const CLOUD_KINDS = ['vm', 'bucket', 'database', 'function', 'network', 'identity', 'loadbalancer'] as const;
export type CloudKind = (typeof CLOUD_KINDS)[number];

export const KUBERNETES_KINDS = [
  'pod',
  'deployment',
  'statefulset',
  'daemonset',
  'replicaset',
  'service',
  'node',
  'namespace',
  'configmap',
  'secret',
  'ingress',
  'job',
  'cronjob',
  'volume',
  'serviceaccount',
] as const;
export type KubernetesKind = (typeof KUBERNETES_KINDS)[number];

export const PLAIN_ICONS = [
  'postgres',
  'mysql',
  'mssql',
  'mongo',
  'redis',
  'database',
  'table',
  'file',
  'folder',
  'git',
  'http',
  'dns',
  'tcp',
  'icmp',
  'kafka',
  'rabbitmq',
  'nats',
  'mqtt',
  'prometheus',
  'alertmanager',
  'exec',
  'service',
  'application',
  'host',
  'filesystem',
  'network',
  'container',
  'search',
  'directory',
  'junit',
  'certificate',
  'webhook',
  'catalog',
  'shop',
  'group',
  'generic',
] as const;

export type IconName =
  | 'kubernetes'
  | `kubernetes-${KubernetesKind}`
  | CloudProvider
  | `${CloudProvider}-${CloudKind}`
  | (typeof PLAIN_ICONS)[number];

/** Words (lower case, no punctuation) that name a plain icon. */
const WORDS: Record<string, IconName> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  pg: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  mssql: 'mssql',
  sqlserver: 'mssql',
  mongo: 'mongo',
  mongodb: 'mongo',
  redis: 'redis',
  database: 'database',
  db: 'database',
  sql: 'database',
  schema: 'database',
  table: 'table',
  view: 'table',
  file: 'file',
  folder: 'folder',
  dir: 'folder',
  git: 'git',
  gitprotocol: 'git',
  github: 'git',
  gitlab: 'git',
  repository: 'git',
  http: 'http',
  https: 'http',
  api: 'http',
  web: 'http',
  url: 'http',
  dns: 'dns',
  tcp: 'tcp',
  icmp: 'icmp',
  ping: 'icmp',
  kafka: 'kafka',
  rabbitmq: 'rabbitmq',
  amqp: 'rabbitmq',
  nats: 'nats',
  mqtt: 'mqtt',
  prometheus: 'prometheus',
  metrics: 'prometheus',
  alertmanager: 'alertmanager',
  exec: 'exec',
  script: 'exec',
  process: 'exec',
  ssh: 'exec',
  service: 'service',
  application: 'application',
  app: 'application',
  host: 'host',
  server: 'host',
  node: 'host',
  machine: 'host',
  filesystem: 'filesystem',
  disk: 'filesystem',
  volume: 'filesystem',
  network: 'network',
  networkinterface: 'network',
  interface: 'network',
  docker: 'container',
  containerd: 'container',
  container: 'container',
  elasticsearch: 'search',
  opensearch: 'search',
  ldap: 'directory',
  junit: 'junit',
  test: 'junit',
  tls: 'certificate',
  certificate: 'certificate',
  webhook: 'webhook',
  catalog: 'catalog',
  shop: 'shop',
  group: 'group',
};

const KUBERNETES_WORDS: Record<string, KubernetesKind> = {
  pod: 'pod',
  deployment: 'deployment',
  statefulset: 'statefulset',
  daemonset: 'daemonset',
  replicaset: 'replicaset',
  service: 'service',
  node: 'node',
  namespace: 'namespace',
  configmap: 'configmap',
  secret: 'secret',
  ingress: 'ingress',
  job: 'job',
  cronjob: 'cronjob',
  persistentvolume: 'volume',
  persistentvolumeclaim: 'volume',
  pvc: 'volume',
  serviceaccount: 'serviceaccount',
};

const CLOUD_WORDS: Record<string, CloudKind> = {
  instance: 'vm',
  ec2: 'vm',
  virtualmachine: 'vm',
  virtualmachines: 'vm',
  vm: 'vm',
  compute: 'vm',
  computeengine: 'vm',
  s3: 'bucket',
  bucket: 'bucket',
  storage: 'bucket',
  storageaccount: 'bucket',
  storageaccounts: 'bucket',
  rds: 'database',
  dbinstance: 'database',
  dbcluster: 'database',
  dynamodb: 'database',
  sql: 'database',
  cloudsql: 'database',
  database: 'database',
  lambda: 'function',
  function: 'function',
  functions: 'function',
  cloudfunctions: 'function',
  vpc: 'network',
  subnet: 'network',
  virtualnetwork: 'network',
  virtualnetworks: 'network',
  securitygroup: 'network',
  iam: 'identity',
  role: 'identity',
  user: 'identity',
  serviceaccount: 'identity',
  loadbalancer: 'loadbalancer',
  elasticloadbalancingv2: 'loadbalancer',
  elasticloadbalancing: 'loadbalancer',
  elb: 'loadbalancer',
};

/** The provider a type's first word names (`AWS::…`, `Azure::…`, `microsoft.compute/…`, `GCP::…`). */
const PROVIDERS: Record<string, CloudProvider> = {
  aws: 'aws',
  amazon: 'aws',
  cloudwatch: 'aws',
  azure: 'azure',
  microsoft: 'azure',
  azuredevops: 'azure',
  gcp: 'gcp',
  google: 'gcp',
  gcloud: 'gcp',
};

/** The words of a type: split at `::`, `/`, `.` and blanks, lower case, without other punctuation. */
function wordsOf(type: string): string[] {
  return type
    .split(/::|[/.\s:]+/)
    .map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
}

/** The icon of one type string; `generic` when nothing in it names one. */
function resolveOne(type: string): IconName {
  const words = wordsOf(type);
  const [first] = words;
  if (!first) return 'generic';
  if (first === 'kubernetes' || first === 'k8s') {
    for (const w of words.slice(1).reverse()) {
      const kind = KUBERNETES_WORDS[w];
      if (kind) return `kubernetes-${kind}`;
    }
    return 'kubernetes';
  }
  const provider = PROVIDERS[first];
  if (provider) {
    for (const w of words.slice(1).reverse()) {
      const kind = CLOUD_WORDS[w];
      if (kind) return `${provider}-${kind}`;
    }
    return provider;
  }
  // a bare Kubernetes kind (a check of type `pod`, a component of type `namespace`)
  if (words.length === 1 && (first === 'pod' || first === 'namespace' || first === 'kubernetes')) {
    return first === 'kubernetes' ? 'kubernetes' : `kubernetes-${first}`;
  }
  // Postgres::Table is a table, Postgres::Database the engine's own icon: the most specific word wins
  for (const w of [...words].reverse()) {
    const name = WORDS[w];
    if (name === 'database' && WORDS[first] && WORDS[first] !== 'database') return WORDS[first];
    if (name) return name;
  }
  return 'generic';
}

/**
 * The icon for a thing with an optional icon name of its own and a type: the icon name when it
 * names a known icon, else the type's, else `generic`.
 */
export function typeIconName(type: string | null | undefined, icon?: string | null): IconName {
  const own = icon ? resolveOne(icon) : 'generic';
  if (own !== 'generic') return own;
  return type ? resolveOne(type) : 'generic';
}
