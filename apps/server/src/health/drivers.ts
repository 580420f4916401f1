import { closeSqlPools } from '../integrations/sql/query.js';
import { closeMongoClients } from './checks/mongodb.js';

/** Closes the connection pools check runners keep between runs (shutdown, end of `opsdeck run`). */
export async function closeCheckDrivers(): Promise<void> {
  await Promise.allSettled([closeSqlPools(), closeMongoClients()]);
}
