import { textField } from './fields.js';
import type { CheckForm } from './types.js';

export const configDBForm: CheckForm = {
  specType: 'configDB',
  type: 'configDB',
  label: 'Config DB',
  fields: [
    textField('host', 'Host', 'http://config-db:8080', true),
    { key: 'query', label: 'Query', kind: 'textarea', required: true, placeholder: 'configs.type = Kubernetes::Pod' },
  ],
  defaults: {},
};

export const azureDevopsForm: CheckForm = {
  specType: 'azureDevops',
  type: 'azureDevops',
  label: 'Azure DevOps pipeline',
  fields: [
    textField('organization', 'Organization', 'contoso', true),
    textField('project', 'Project', 'web', true),
    textField('pipeline', 'Pipeline', 'release', true),
    textField('personalAccessToken', 'Personal access token', 'from your Azure DevOps profile', true),
  ],
  defaults: {},
};

export const jmeterForm: CheckForm = {
  specType: 'jmeter',
  type: 'jmeter',
  label: 'JMeter',
  fields: [
    {
      key: 'jmx',
      label: 'Test plan (JMX)',
      kind: 'textarea',
      required: true,
      placeholder: '<jmeterTestPlan>...</jmeterTestPlan>',
    },
    textField('host', 'Host', 'app.internal'),
    { key: 'port', label: 'Port', kind: 'number' },
  ],
  defaults: {},
};

export const dynatraceForm: CheckForm = {
  specType: 'dynatrace',
  type: 'dynatrace',
  label: 'Dynatrace',
  fields: [
    textField('host', 'Host', 'abc123.live.dynatrace.com', true),
    textField('apiKey', 'API key', 'dt0c01.…', true),
    { key: 'scheme', label: 'Scheme', kind: 'select', options: ['https', 'http'] },
  ],
  defaults: {},
};
