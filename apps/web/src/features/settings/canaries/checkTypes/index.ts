import { unrunnableReason } from '@opsdeck/schema';
import { alertManagerForm } from './alertManager.js';
import { awsConfigForm, awsConfigRuleForm, cloudwatchForm, ec2Form } from './aws.js';
import { gcsForm, smbForm } from './cloudStorage.js';
import { customForm } from './custom.js';
import { dnsForm } from './dns.js';
import { elasticsearchForm } from './elasticsearch.js';
import { execForm } from './exec.js';
import { folderForm } from './folder.js';
import { httpForm } from './http.js';
import { icmpForm } from './icmp.js';
import { junitForm } from './junit.js';
import { kubernetesForm } from './kubernetes.js';
import { ldapForm } from './ldap.js';
import { mongoForm } from './mongo.js';
import { prometheusForm } from './prometheus.js';
import { redisForm } from './redis.js';
import { githubForm, namespaceForm, podForm } from './removed.js';
import { s3Form } from './s3.js';
import { withSchemaRules } from './schemaRules.js';
import { azureDevopsForm, configDBForm, dynatraceForm, jmeterForm } from './services.js';
import { sftpForm } from './sftp.js';
import { sqlForms } from './sql.js';
import { tcpForm } from './tcp.js';
import type { CheckForm } from './types.js';

/**
 * Every check type of the form builder, in the order offered (sql as one form per database),
 * with required fields taken from the shared schema. Register a new member here.
 */
export const CHECK_FORMS: readonly CheckForm[] = [
  httpForm,
  awsConfigRuleForm,
  awsConfigForm,
  githubForm,
  ec2Form,
  ldapForm,
  podForm,
  execForm,
  alertManagerForm,
  cloudwatchForm,
  elasticsearchForm,
  redisForm,
  mongoForm,
  dnsForm,
  icmpForm,
  gcsForm,
  s3Form,
  smbForm,
  sftpForm,
  folderForm,
  prometheusForm,
  kubernetesForm,
  ...sqlForms,
  configDBForm,
  azureDevopsForm,
  jmeterForm,
  junitForm,
  dynatraceForm,
  namespaceForm,
  tcpForm,
  customForm,
].map(withSchemaRules);

/** Why OpsDeck cannot run checks of this form's type, or undefined when it can. */
export function formUnrunnable(form: CheckForm): string | undefined {
  return form.type ? unrunnableReason(form.type) : undefined;
}
