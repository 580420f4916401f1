import { z } from 'zod';
import { checkSchema, envVarSchema, unsupportedField } from './common.js';
import { fileTestsShape } from './remoteFiles.js';

/**
 * `s3`: lists the objects of `bucket` under `objectPath` (a key prefix, or a glob such as
 * `backups/*.gz`) and applies the folder check's file tests. Credentials come from
 * `accessKey`/`secretKey` or a stored aws/s3 `connection` (username = access key id, password =
 * secret; its `region`, `endpoint` and `bucket` properties fill what the check leaves out).
 * `endpoint` + `usePathStyle` reach S3-compatible stores (MinIO, Ceph, R2).
 */
export const s3CheckSchema = checkSchema({
  connection: z.string().min(1).optional(),
  accessKey: envVarSchema.optional(),
  secretKey: envVarSchema.optional(),
  sessionToken: envVarSchema.optional(),
  region: z.string().min(1).optional(),
  endpoint: z.url({ message: 'endpoint must be a URL such as https://minio.local:9000' }).optional(),
  skipTLSVerify: z.boolean().optional(),
  bucket: z.string().min(1).optional(),
  objectPath: z.string().optional(),
  usePathStyle: z.boolean().optional(),
  bucketName: unsupportedField('bucketName is the old name of bucket: use bucket'),
  assumeRole: unsupportedField('assumeRole needs AWS STS, which OpsDeck does not call: use the keys of the role'),
  /** S3 has no folders: every object under the prefix is listed; kept for folder-check parity. */
  recursive: z.boolean().optional(),
  ...fileTestsShape,
}).refine((c) => !!(c.bucket || c.connection), {
  message: 'an s3 check needs bucket (or a connection with one)',
  path: ['bucket'],
});
export type S3Check = z.infer<typeof s3CheckSchema>;
