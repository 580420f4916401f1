import { validatePlaybook } from '../../src/playbooks/yaml.js';
import { describeCrdProperties } from './crdProperties.js';

// Every Playbook CRD property: handled (validates and survives), or refused with the reason.
describeCrdProperties({
  fixture: 'playbook',
  validate: validatePlaybook,
  minimal: () => ({
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Playbook',
    metadata: { name: 'crd' },
    spec: { actions: [{ name: 'first', exec: { script: 'echo hi' } }] },
  }),
  seeds: {
    'spec.actions[]': { name: 'second' },
    'spec.actions[].exec': { script: 'echo hi' },
    'spec.actions[].http': { url: 'http://example.test' },
    'spec.actions[].sql': { url: 'postgres://db.test/x', driver: 'postgres', query: 'select 1' },
    'spec.actions[].notification': { url: 'generic://hook.test', title: 't', message: 'm' },
    'spec.actions[].gitops': {
      repo: { url: 'https://github.test/a/b.git' },
      commit: { message: 'm' },
      files: [{ path: 'a.txt', content: 'b' }],
    },
    'spec.actions[].github': { repo: 'r', username: 'u', token: { value: 't' } },
    'spec.actions[].prometheus': { url: 'http://prom.test', query: 'up' },
    'spec.actions[].logs.loki': { url: 'http://loki.test', query: '{job="x"}' },
    'spec.parameters[]': { name: 'p1', label: 'P' },
    'spec.on.canary[]': { event: 'failed' },
    'spec.on.config[]': { event: 'unhealthy' },
    'spec.on.component[]': { event: 'unhealthy' },
    'spec.on.webhook': { path: 'hook' },
    'spec.on.schedule[]': { schedule: '@every 1h' },
    'spec.approval': { approvers: { people: ['a@example.test'] } },
  },
  samples: {
    'spec.timeout': '30m',
    'spec.templatesOn': 'host',
    'spec.filters': ['true'],
    'spec.approval.type': 'any',
    'spec.actions[].name': 'named',
    'spec.actions[].delay': '1m',
    'spec.actions[].timeout': '1m',
    'spec.actions[].if': 'success()',
    'spec.actions[].templatesOn': 'host',
    'spec.actions[].contentType': 'application/json',
    'spec.actions[].sql.driver': 'postgres',
    'spec.actions[].retry.jitter': 10,
    'spec.actions[].retry.duration': '10s',
    'spec.parameters[].name': 'p2',
    'spec.parameters[].type': 'text',
    'spec.on.canary[].event': 'failed',
    'spec.on.config[].event': 'unhealthy',
    'spec.on.component[].event': 'unhealthy',
    'spec.on.canary[].filter': 'true',
    'spec.on.config[].filter': 'true',
    'spec.on.component[].filter': 'true',
    'spec.on.webhook.path': 'hook',
    'spec.on.webhook.authentication.jwt.jwksUri': 'https://idp.test/jwks',
    'spec.on.schedule[].schedule': '@every 1h',
  },
  prepare: (doc) => {
    const actions = (doc.spec as { actions: Array<Record<string, unknown>> }).actions;
    const types = ['exec', 'http', 'sql', 'notification', 'gitops', 'github', 'azureDevopsPipeline', 'pod', 'logs', 'prometheus', 'ai', 'report', 'catalog'];
    for (const a of actions) if (!types.some((t) => t in a)) a.exec = { script: 'echo hi' };
  },
  table: { spec: 'handled' },
});
