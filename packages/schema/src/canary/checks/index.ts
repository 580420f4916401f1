import type { z } from 'zod';
import { alertmanagerCheckSchema } from './alertmanager.js';
import { elasticsearchCheckSchema, opensearchCheckSchema } from './elasticsearch.js';
import { httpCheckSchema } from './http.js';
import { kubernetesCheckSchema } from './kubernetes.js';
import { ldapCheckSchema } from './ldap.js';
import { execCheckSchema, folderCheckSchema, junitCheckSchema } from './local.js';
import { mongodbCheckSchema } from './mongodb.js';
import { dnsCheckSchema, icmpCheckSchema, tcpCheckSchema, tlsCheckSchema } from './network.js';
import { prometheusCheckSchema } from './prometheus.js';
import { redisCheckSchema } from './redis.js';
import { s3CheckSchema } from './s3.js';
import { sftpCheckSchema } from './sftp.js';
import { mssqlCheckSchema, mysqlCheckSchema, postgresCheckSchema } from './sql.js';
import { webhookCheckSchema } from './webhook.js';

/**
 * Zod schemas of each check type's fields (one file per type beside this one), keyed by the
 * Canary spec list name: `spec.http[]` -> `checkSchemas.http`. Each schema already includes the
 * common check fields (see ./common.ts once written). Register a new type here.
 */
export const checkSchemas: Record<string, z.ZodType> = {
  http: httpCheckSchema,
  tcp: tcpCheckSchema,
  dns: dnsCheckSchema,
  icmp: icmpCheckSchema,
  tls: tlsCheckSchema,
  folder: folderCheckSchema,
  exec: execCheckSchema,
  junit: junitCheckSchema,
  postgres: postgresCheckSchema,
  mysql: mysqlCheckSchema,
  mssql: mssqlCheckSchema,
  redis: redisCheckSchema,
  mongodb: mongodbCheckSchema,
  ldap: ldapCheckSchema,
  elasticsearch: elasticsearchCheckSchema,
  opensearch: opensearchCheckSchema,
  prometheus: prometheusCheckSchema,
  alertmanager: alertmanagerCheckSchema,
  kubernetes: kubernetesCheckSchema,
  s3: s3CheckSchema,
  sftp: sftpCheckSchema,
  webhook: webhookCheckSchema,
};
