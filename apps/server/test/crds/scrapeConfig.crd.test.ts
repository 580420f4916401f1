import { validateScrapeConfig } from '../../src/catalog/scrapeConfigYaml.js';
import { describeCrdProperties } from './crdProperties.js';

// Every ScrapeConfig CRD property: handled (validates and survives), or refused with the reason.
describeCrdProperties({
  fixture: 'scrapeconfig',
  validate: (doc) => validateScrapeConfig(doc),
  minimal: () => ({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: 'crd' },
    spec: { file: [{ type: 'File', id: '$.id', paths: ['/tmp/x.json'] }] },
  }),
  seeds: {
    'spec.file[]': { type: 'File', id: '$.id', paths: ['/tmp/x.json'] },
    'spec.exec[]': { type: 'Exec', id: '$.id', script: 'echo {}' },
    'spec.http[]': { type: 'Http', id: '$.id', url: 'http://example.test' },
    'spec.kubernetes[]': { clusterName: 'local' },
    'spec.sql[]': { type: 'Sql', id: '$.id', connection: 'postgres://db.test/x', query: 'select 1' },
    'spec.exec[].checkout': { url: 'https://git.test/r.git' },
    '*.transform.relationship[]': { expr: 'config.id' },
    'spec.kubernetes[].relationships[]': { kind: { value: 'Pod' }, name: { value: 'n' }, namespace: { value: 'ns' } },
    '*env[]': { name: 'E' },
    '*.properties[]': { name: 'p' },
    '*.tags[]': { name: 't', value: 'v' },
    '*.transform.mask[]': { jsonpath: '$.password', value: 'md5sum' },
    '*.transform.exclude[]': { jsonpath: '$.status' },
    'spec.retention.types[]': { name: 'Kubernetes::Pod' },
    'spec.kubernetes[].watch[]': { apiVersion: 'v1', kind: 'Pod' },
    'spec.retention.changes[]': { name: 'diff', age: '7d' },
    '*headers[]': { name: 'H' },
    '*.valueFrom.secretKeyRef': { name: 'conn', key: 'password' },
    '*.valueFrom.configMapKeyRef': { name: 'conn', key: 'url' },
    '*.valueFrom.helmRef': { name: 'release', key: '.a' },
  },
  samples: {
    '*.transform.changes.mapping[].action': 'delete',
    '*[].health': 'healthy',
    '*[].format': 'json',
    '*Age': '7d',
    '*.tags[].jsonpath': '$.a',
    'spec.http[].method': 'GET',
    '*.age': '7d',
    'spec.schedule': '@every 1h',
    'spec.sql[].driver': 'postgres',
    'spec.kubernetes[].scope': 'namespaced',
    'spec.kubernetes[].since': '24h',
  },
  prepare: (doc) => {
    // a relationship lookup has one of value, expr or label
    const k8s = (doc.spec as { kubernetes?: Array<{ relationships?: Array<Record<string, Record<string, unknown>>> }> })
      .kubernetes;
    for (const r of k8s?.[0]?.relationships ?? [])
      for (const l of Object.values(r)) if (l.expr !== undefined || l.label !== undefined) delete l.value;
    // a tag has one of value or jsonpath: value unless the path under test sets jsonpath
    for (const list of Object.values(doc.spec as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      for (const s of list as Array<{ tags?: Array<Record<string, unknown>> }>)
        for (const t of s?.tags ?? []) if (t.jsonpath !== undefined || t.label !== undefined) delete t.value;
    }
  },
  table: {
    spec: 'handled',
    '*.tags': { converted: 'the list form [{name, value|jsonpath}] is kept as a map of name to value' },
    '*.tags[].label': { refused: 'a tag read from a label is not supported yet' },
    'spec.crdSync': { refused: 'crdSync is not supported' },
    'spec.logLevel': { refused: 'per-scrape log levels are not supported' },
    'spec.system': { refused: 'system is not supported' },
    'spec.file[].connection': { refused: 'file scraper connection is not supported yet' },
    'spec.file[].icon': { refused: 'icon is not supported' },
    'spec.kubernetes[].event.exclusions.name': { refused: 'event exclusions by name are not supported yet' },
    'spec.kubernetes[].event.exclusions.namespace': { refused: 'event exclusions by namespace are not supported yet' },
    'spec.exec[].artifacts': { refused: 'exec artifacts are not supported yet' },
    'spec.exec[].setup': { refused: 'setup (installing bun or python packages) is not supported yet' },
    'spec.exec[].checkout.certificate': { refused: 'checkout.certificate (SSH keys) is not supported yet' },
    'spec.exec[].checkout.depth': { refused: 'depth is not supported' },
    'spec.exec[].checkout.type': { refused: 'type is not needed to clone' },
    'spec.exec[].connections.fromConfigItem': { refused: 'connections.fromConfigItem is not supported yet' },
    'spec.exec[].connections.eksPodIdentity': { refused: 'connections.eksPodIdentity is not supported yet' },
    'spec.exec[].connections.serviceAccount': { refused: 'connections.serviceAccount is not supported yet' },
    'spec.exec[].connections.aws.assumeRole': { refused: 'assumeRole needs AWS STS' },
    'spec.exec[].connections.aws.skipTLSVerify': { refused: 'skipTLSVerify is not handed to scripts' },
    'spec.exec[].connections.gcp.endpoint': { refused: 'a GCP endpoint is not handed to scripts' },
    'spec.exec[].connections.gcp.project': { refused: 'a GCP project is not handed to scripts' },
    'spec.exec[].connections.gcp.skipTLSVerify': { refused: 'skipTLSVerify is not handed to scripts' },
    '*.eks': { refused: 'credentials minted from a cloud account' },
    '*.gke': { refused: 'credentials minted from a cloud account' },
    '*.cnrm': { refused: 'credentials minted from a cloud account' },
    'spec.http[].tls': { refused: 'custom TLS settings are not supported' },
    'spec.http[].oauth': { refused: 'oauth is not supported for the http scraper yet' },
    'spec.http[].bearer': { refused: 'bearer is not supported: send it as a header' },
    'spec.http[].ntlm': { refused: 'NTLM authentication is not supported' },
    'spec.http[].ntlmv2': { refused: 'NTLM authentication is not supported' },
    'spec.http[].digest': { refused: 'digest authentication is not supported' },
    '*.transform.jsonpath': { refused: 'transform.jsonpath is not supported yet' },
    '*.transform.locations': { refused: 'locations and aliases as objects' },
    '*.transform.aliases': { refused: 'locations and aliases as objects' },
    '*.transform.relationship[].agent': { refused: 'agent and scope are not supported in relationship selectors' },
    '*.transform.relationship[].scope': { refused: 'agent and scope are not supported in relationship selectors' },
    '*.valueFrom.helmRef': { refused: 'helmRef reads a Helm release from a Kubernetes cluster' },
    '*.valueFrom.serviceAccount': { refused: 'serviceAccount fetches a Kubernetes service account token' },
    ...Object.fromEntries(
      [
        'aws',
        'azure',
        'azureDevops',
        'clickhouse',
        'gcp',
        'githubActions',
        'kubernetesFile',
        'logs',
        'pubsub',
        'slack',
        'terraform',
        'trivy',
      ].map((t) => [`spec.${t}`, { refused: `scraper type ${t} is not supported yet` }]),
    ),
  },
});
