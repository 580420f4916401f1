export type { Config } from './config.js';
export { loadConfig } from './config.js';
export type { Db } from './db/connection.js';
export { openDatabase } from './db/connection.js';
export { migrate } from './db/migrate.js';
export type { BuildAppOptions } from './http/app.js';
export { buildApp } from './http/app.js';
export type { Authenticator, AuthRequirement } from './http/auth.js';
export { startServer } from './server.js';
