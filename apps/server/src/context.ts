import type { Registry } from 'prom-client';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';

/** What every domain's routes and services receive: no globals. */
export interface AppContext {
  db: Db;
  config: Config;
  metrics: Registry;
  clock: Clock;
}
