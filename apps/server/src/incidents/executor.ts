import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';

/** Anything that runs queries: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
