import { REMOVED_CHECK_TYPES, UNRUNNABLE_CHECK_TYPES, unrunnableReason } from '@opsdeck/schema';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { crdPaths, describeCrdProperties } from './crdProperties.js';

// Every Canary CRD property: handled (validates and survives), or refused with the reason.
describeCrdProperties({
  fixture: 'canary',
  validate: (doc) => validateCanary(doc),
  minimal: () => ({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'crd' },
    spec: { http: [{ name: 'first', url: 'http://example.test' }] },
  }),
  seeds: {
    'spec.http[]': { name: 'c', url: 'http://example.test' },
    'spec.exec[]': { name: 'c', script: 'true' },
    'spec.folder[]': { name: 'c', path: '/tmp' },
    'spec.prometheus[]': { name: 'c', url: 'http://prom.test', query: 'up' },
    'spec.opensearch[]': { name: 'c', url: 'http://search.test', index: 'logs', query: '{}' },
    'spec.elasticsearch[]': { name: 'c', url: 'http://search.test', index: 'logs', query: '{}' },
    'spec.kubernetes[]': { name: 'c', kind: 'Pod' },
    'spec.alertmanager[]': { name: 'c', url: 'http://am.test' },
    'spec.postgres[]': { name: 'c', url: 'postgres://db.test/x' },
    'spec.mysql[]': { name: 'c', url: 'mysql://db.test/x' },
    'spec.mssql[]': { name: 'c', url: 'sqlserver://db.test' },
    'spec.s3[]': { name: 'c', bucket: 'b' },
    'spec.ldap[]': { name: 'c', url: 'ldap://ldap.test', bindDN: 'cn=admin' },
    'spec.junit[]': { name: 'c', testResults: '/tmp/results' },
    'spec.exec[].checkout': { url: 'https://git.test/r.git' },
    'spec.http[].oauth2': { tokenURL: 'https://idp.test/token' },
    'spec.http[].responseJSONContent': { path: '$.a', value: 'b' },
    '*metrics[].labels[]': { name: 'l' },
    'spec.redis[]': { name: 'c', addr: 'redis.test:6379' },
    'spec.mongodb[]': { name: 'c', url: 'mongodb://mongo.test' },
    'spec.dns[]': { name: 'c', query: 'example.test' },
    'spec.icmp[]': { name: 'c', endpoint: '127.0.0.1' },
    'spec.tcp[]': { name: 'c', endpoint: '127.0.0.1:80' },
    'spec.webhook': { name: 'c', token: { value: 'push-token-1' } },
    '*metrics[]': { name: 'm', type: 'gauge', value: '1' },
    '*env[]': { name: 'E' },
    '*headers[]': { name: 'H' },
    '*.valueFrom.secretKeyRef': { name: 'conn', key: 'password' },
    '*.valueFrom.configMapKeyRef': { name: 'conn', key: 'url' },
    '*.valueFrom.helmRef': { name: 'release', key: '.a' },
  },
  samples: {
    'spec.http[].oauth2.tokenURL': 'https://idp.test/token',
    'spec.schedule': '@every 1m',
    'spec.resultMode': 'junit',
    'spec.tcp[].endpoint': '127.0.0.1:80',
    'spec.s3[].endpoint': 'https://minio.test:9000',
    'spec.dns[].querytype': 'A',
    'spec.http[].method': 'GET',
    'spec.http[].responseCodes': [200],
    'spec.kubernetes[].kind': 'Pod',
    'spec.folder[].filter.since': 'now-1h',
    'spec.webhook.token.value': 'push-token-2',
    'spec.opensearch[].query': '{}',
    'spec.elasticsearch[].query': '{}',
    '*.transformDeleteStrategy': 'MarkHealthy',
    '*metrics[].type': 'gauge',
    '*.dependsOn': ['first'],
    '*Size': '10Mi',
    '*.minAge': '1h',
    '*.maxAge': '1h',
    '*.since': '1h',
  },
  // one webhook check is read as a list of one: its problems name spec.webhook[0]
  issuePath: (path) => path.replace(/^spec\.webhook\[0\]/, 'spec.webhook'),
  prepare: (doc) => {
    // every new check needs a name
    for (const list of Object.values(doc.spec as Record<string, unknown>))
      if (Array.isArray(list))
        for (const c of list) if (c && typeof c === 'object') (c as Record<string, unknown>).name ??= 'c';
    // a metric label has one of value or valueExpr: value unless the path under test sets valueExpr
    const spec = doc.spec as Record<string, unknown>;
    for (const list of [...Object.values(spec), [spec.webhook]]) {
      if (!Array.isArray(list)) continue;
      for (const check of list as Array<{ metrics?: Array<{ labels?: Array<Record<string, unknown>> }> }>)
        for (const m of check?.metrics ?? [])
          for (const l of m.labels ?? []) if (l.valueExpr === undefined) l.value ??= 'v';
    }
  },
  table: {
    spec: 'handled',
    'spec.http[].tlsConfig.handshakeTimeout': { converted: 'nanoseconds become a duration' },
    'spec.webhook.token.name': { refused: 'the push token has no name' },
    'spec.webhook.relationships': {
      refused: 'check relationships (links to components and config items) are not supported yet',
    },
    'spec.webhook.markFailOnEmpty': { refused: 'markFailOnEmpty applies to checks that query a data source' },
    'spec.webhook.token.valueFrom': { refused: 'the push token is part of the push URL' },
    'spec.exec[].checkout.connection': { refused: 'git connections are not supported in checkout' },
    'spec.junit[].artifacts': { refused: 'junit artifacts come from the test pod' },
    'spec.webhook': { converted: 'one webhook check is read as a list of one' },
    'spec.env': { refused: 'canary-level env is not supported' },
    'spec.junit[].spec': { refused: 'running a pod is not supported' },
    'spec.exec[].connections.aws.assumeRole': { refused: 'assumeRole needs AWS STS' },
    'spec.exec[].connections.aws.skipTLSVerify': { refused: 'skipTLSVerify is not handed to scripts' },
    'spec.exec[].connections.gcp.endpoint': { refused: 'a GCP endpoint is not handed to scripts' },
    'spec.exec[].connections.gcp.skipTLSVerify': { refused: 'skipTLSVerify is not handed to scripts' },
    'spec.exec[].checkout.certificate': { refused: 'SSH keys are not supported in checkout' },
    'spec.http[].ntlm': { refused: 'NTLM authentication is not supported' },
    'spec.http[].ntlmv2': { refused: 'NTLM authentication is not supported' },
    'spec.folder[].awsConnection': { refused: 'only local folders are supported' },
    'spec.folder[].gcpConnection': { refused: 'only local folders are supported' },
    'spec.folder[].smbConnection': { refused: 'only local folders are supported' },
    'spec.folder[].sftpConnection': { refused: 'only local folders are supported' },
    'spec.prometheus[].bearer': { refused: 'bearer is not supported for prometheus checks yet' },
    'spec.prometheus[].oauth': { refused: 'oauth is not supported for prometheus checks yet' },
    'spec.prometheus[].tls': { refused: 'custom TLS settings are not supported' },
    'spec.prometheus[].ntlm': { refused: 'NTLM and digest authentication are not supported' },
    'spec.prometheus[].ntlmv2': { refused: 'NTLM and digest authentication are not supported' },
    'spec.prometheus[].digest': { refused: 'NTLM and digest authentication are not supported' },
    'spec.s3[].bucketName': { refused: 'bucketName is the old name of bucket' },
    'spec.s3[].assumeRole': { refused: 'assumeRole needs AWS STS' },
    '*[].relationships': {
      refused: 'check relationships (links to components and config items) are not supported yet',
    },
    '*[].markFailOnEmpty': { refused: 'markFailOnEmpty applies to checks that query a data source' },
    'spec.postgres[].markFailOnEmpty': 'handled',
    'spec.mysql[].markFailOnEmpty': 'handled',
    'spec.mssql[].markFailOnEmpty': 'handled',
    'spec.prometheus[].markFailOnEmpty': 'handled',
    'spec.elasticsearch[].markFailOnEmpty': 'handled',
    'spec.opensearch[].markFailOnEmpty': 'handled',
    '*.valueFrom.helmRef': { refused: 'helmRef reads a Helm release from a Kubernetes cluster' },
    '*.valueFrom.serviceAccount': { refused: 'serviceAccount fetches a Kubernetes service account token' },
    ...Object.fromEntries(
      [...Object.keys(UNRUNNABLE_CHECK_TYPES), ...REMOVED_CHECK_TYPES]
        .filter((t) => crdPaths('canary').some((p) => p.path.startsWith(`spec.${t}[]`)))
        .map((t) => [`spec.${t}`, { refused: unrunnableReason(t) as string }]),
    ),
  },
});
