import type { IdentityDeps } from '../deps.js';
import { credentialConfig, upsertCredential } from '../people/identities.js';
import { type LookupConfig, matchLookupCode } from './lookup.js';
import { checkTotp, type TotpConfig } from './totp.js';

/** Checks a TOTP code of an identity and records its step so it cannot be replayed. */
export async function verifyIdentityTotp(
  deps: IdentityDeps,
  identityId: string,
  code: string,
): Promise<'ok' | 'invalid' | 'none'> {
  const config = await credentialConfig<TotpConfig>(deps.db.kysely, identityId, 'totp');
  if (!config) return 'none';
  const step = checkTotp(deps.box.open(config.secret), code.trim(), deps.clock.now(), config.last_step);
  if (step === undefined) return 'invalid';
  await upsertCredential(deps.db.kysely, identityId, 'totp', { ...config, last_step: step }, []);
  return 'ok';
}

/** Spends one backup code of an identity. */
export async function consumeLookupCode(
  deps: IdentityDeps,
  identityId: string,
  code: string,
): Promise<'ok' | 'invalid' | 'used' | 'none'> {
  const config = await credentialConfig<LookupConfig>(deps.db.kysely, identityId, 'lookup_secret');
  if (!config?.codes.length) return 'none';
  const match = await matchLookupCode(config, code);
  if (match.result !== 'ok') return match.result;
  const codes = config.codes.map((c, i) => (i === match.index ? { ...c, used_at: deps.clock.now().toISOString() } : c));
  await upsertCredential(deps.db.kysely, identityId, 'lookup_secret', { codes }, []);
  return 'ok';
}
