import { z } from 'zod';
import { checkSchema, connectionShape, envVarSchema } from './common.js';
import { fileTestsShape } from './remoteFiles.js';
import { requiredString } from './required.js';

/**
 * `sftp`: lists `path` on an SSH server (`host`, `port` 22) and applies the folder check's file
 * tests. Authenticates with username and `password` or `privateKey`, or a stored sftp
 * `connection` (its url or `host` property, `port`, credentials).
 */
export const sftpCheckSchema = checkSchema({
  ...connectionShape,
  host: z.string().min(1).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  path: requiredString('path'),
  privateKey: envVarSchema.optional(),
  recursive: z.boolean().optional(),
  ...fileTestsShape,
}).refine((c) => !!(c.host || c.url || c.connection), {
  message: 'an sftp check needs host or connection',
  path: ['host'],
});
export type SftpCheck = z.infer<typeof sftpCheckSchema>;
