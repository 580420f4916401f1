import { z } from 'zod';
import { durationSchema } from '../../time/duration.js';
import { folderFilterSchema } from './local.js';
import { sizeSchema } from './units.js';

/**
 * The folder check's file tests, shared by the checks that list remote files (`s3`, `sftp`):
 * `filter` picks the files, then `minCount`/`maxCount`, `minAge` (newest file at least that old),
 * `maxAge` (oldest at most that old), `minSize` (smallest), `maxSize` (largest).
 */
export const fileTestsShape = {
  filter: folderFilterSchema.optional(),
  minAge: durationSchema.optional(),
  maxAge: durationSchema.optional(),
  minCount: z.number().int().min(0).optional(),
  maxCount: z.number().int().min(0).optional(),
  minSize: sizeSchema.optional(),
  maxSize: sizeSchema.optional(),
};
const fileTestsSchema = z.object(fileTestsShape);
export type FileTests = z.infer<typeof fileTestsSchema>;
