import { alertmanagerCheck } from './alertmanager.js';
import { dnsCheck } from './dns.js';
import { elasticsearchCheck, opensearchCheck } from './elasticsearch.js';
import { execCheck } from './exec.js';
import { folderCheck } from './folder.js';
import { httpCheck } from './http.js';
import { icmpCheck } from './icmp.js';
import { junitCheck } from './junit.js';
import { kubernetesCheck } from './kubernetes.js';
import { ldapCheck } from './ldap.js';
import { mongodbCheck } from './mongodb.js';
import { prometheusCheck } from './prometheus.js';
import { redisCheck } from './redis.js';
import { s3Check } from './s3.js';
import { sftpCheck } from './sftp.js';
import { mssqlCheck, mysqlCheck, postgresCheck } from './sql.js';
import { tcpCheck } from './tcp.js';
import { tlsCheck } from './tls.js';
import type { CheckType } from './types.js';
import { webhookCheck } from './webhook.js';

/** Every check type the engine can run, keyed by its Canary spec list name (`http`, `tcp`, ...). */
export const checkTypes: Record<string, CheckType<never>> = {
  http: httpCheck as CheckType<never>,
  tcp: tcpCheck as CheckType<never>,
  dns: dnsCheck as CheckType<never>,
  icmp: icmpCheck as CheckType<never>,
  tls: tlsCheck as CheckType<never>,
  folder: folderCheck as CheckType<never>,
  exec: execCheck as CheckType<never>,
  junit: junitCheck as CheckType<never>,
  postgres: postgresCheck as CheckType<never>,
  mysql: mysqlCheck as CheckType<never>,
  mssql: mssqlCheck as CheckType<never>,
  redis: redisCheck as CheckType<never>,
  mongodb: mongodbCheck as CheckType<never>,
  ldap: ldapCheck as CheckType<never>,
  elasticsearch: elasticsearchCheck as CheckType<never>,
  opensearch: opensearchCheck as CheckType<never>,
  prometheus: prometheusCheck as CheckType<never>,
  alertmanager: alertmanagerCheck as CheckType<never>,
  kubernetes: kubernetesCheck as CheckType<never>,
  s3: s3Check as CheckType<never>,
  sftp: sftpCheck as CheckType<never>,
  webhook: webhookCheck as CheckType<never>,
};

/** The runner for `type`, or undefined when the engine does not support it (validation refuses it). */
export function checkTypeFor(type: string): CheckType<never> | undefined {
  return Object.hasOwn(checkTypes, type) ? checkTypes[type] : undefined;
}
