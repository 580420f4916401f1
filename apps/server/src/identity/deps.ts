import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { openSecretBox, type SecretBox } from '../crypto/secretBox.js';
import type { Db } from '../db/connection.js';
import { type Courier, createCourier } from './flows/courier.js';
import { SignInThrottle } from './sessions/signInThrottle.js';
import { LoginThrottle } from './sessions/throttle.js';

/** A pino-compatible logger (Fastify's, or console in the CLI). */
export interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** What identity services need: the database, config, clock, secret box and courier. */
export interface IdentityDeps {
  db: Db;
  config: Config;
  clock: Clock;
  box: SecretBox;
  courier: Courier;
  log: Log;
  /** Wrong second-factor codes per identity. */
  throttle: LoginThrottle;
  /** Wrong passwords per account, address and known device. */
  signIn: SignInThrottle;
}

const cache = new WeakMap<Db, IdentityDeps>();

/** The identity services of one database (created once, shared by routes and authenticators). */
export function identityDeps(ctx: { db: Db; config: Config; clock: Clock }, log?: Log): IdentityDeps {
  const hit = cache.get(ctx.db);
  if (hit) {
    if (log) hit.log = log;
    return hit;
  }
  const useLog = log ?? quietLog;
  const deps: IdentityDeps = {
    db: ctx.db,
    config: ctx.config,
    clock: ctx.clock,
    box: openSecretBox({ secretKey: ctx.config.identity.secretKey, dataDir: ctx.config.dataDir }),
    courier: createCourier(ctx.db, ctx.config.identity, () => deps.log),
    log: useLog,
    throttle: new LoginThrottle(ctx.clock),
    signIn: new SignInThrottle(ctx.clock),
  };
  cache.set(ctx.db, deps);
  return deps;
}

const quietLog: Log = { info() {}, warn() {}, error() {} };
