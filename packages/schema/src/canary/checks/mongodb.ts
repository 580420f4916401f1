import type { z } from 'zod';
import { checkSchema, connectionShape } from './common.js';

/** `mongodb`: connect to `url` (`mongodb://`, `mongodb+srv://`) or `connection` and ping it. */
export const mongodbCheckSchema = checkSchema({ ...connectionShape }).refine((c) => !!(c.url || c.connection), {
  message: 'a mongodb check needs url or connection',
  path: ['url'],
});
export type MongodbCheck = z.infer<typeof mongodbCheckSchema>;
