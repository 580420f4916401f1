import { region, textField } from './fields.js';
import type { CheckForm } from './types.js';

// OpsDeck cannot run the AWS check types (see UNRUNNABLE_CHECK_TYPES); their forms show what a
// canary-checker file needs, and saving explains the refusal.

export const awsConfigRuleForm: CheckForm = {
  specType: 'awsConfigRule',
  type: 'awsConfigRule',
  label: 'AWS Config rule',
  fields: [region(true), textField('rules', 'Rules', 'required-tags')],
  defaults: {},
};

export const awsConfigForm: CheckForm = {
  specType: 'awsConfig',
  type: 'awsConfig',
  label: 'AWS Config query',
  fields: [
    {
      key: 'query',
      label: 'Query',
      kind: 'textarea',
      required: true,
      placeholder: "SELECT resourceId WHERE resourceType = 'AWS::EC2::Instance'",
    },
    region(),
    textField('aggregatorName', 'Aggregator'),
  ],
  defaults: {},
};

export const cloudwatchForm: CheckForm = {
  specType: 'cloudwatch',
  type: 'cloudwatch',
  label: 'CloudWatch alarms',
  fields: [region(true), textField('alarmPrefix', 'Alarm prefix', 'prod-')],
  defaults: {},
};

export const ec2Form: CheckForm = {
  specType: 'ec2',
  type: 'ec2',
  label: 'EC2 instance',
  fields: [
    region(true),
    textField('ami', 'AMI', 'ami-0abcdef1234567890', true),
    textField('securityGroup', 'Security group'),
  ],
  defaults: {},
};
