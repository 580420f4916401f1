import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { randomSecret } from '../../crypto/tokens.js';
import type { Database } from '../../db/types.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import type { IdentityDeps } from '../deps.js';
import { publicOrigin } from '../http.js';
import { credentialConfig, upsertCredential } from '../people/identities.js';
import { type FlowRow, internalOf, updateFlow } from './flows.js';

/** The WebAuthn library, loaded at the first ceremony: it costs ~0.4 s of CPU to import. */
const loadWebauthn = lazyDriver(() => import('@simplewebauthn/server'));

/** One registered authenticator: a security key (second factor) or a passkey (passwordless). */
export interface WebAuthnCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
  display_name: string;
  added_at: string;
  is_passwordless: boolean;
}

export interface WebAuthnConfig {
  credentials: WebAuthnCredential[];
}

const RP_NAME = 'OpsDeck';

/** The relying party: the public origin and its host name. */
export function relyingParty(request: FastifyRequest, deps: IdentityDeps): { origin: string; rpID: string } {
  const origin = publicOrigin(request, deps.config.identity);
  return { origin, rpID: new URL(origin).hostname };
}

/** The flow's WebAuthn challenge, created (and stored) on first use. */
export async function flowChallenge(deps: IdentityDeps, flow: FlowRow): Promise<string> {
  const existing = internalOf<{ webauthn_challenge?: string }>(flow).webauthn_challenge;
  if (existing) return existing;
  const challenge = randomSecret();
  await updateFlow(deps, flow, { internal: { webauthn_challenge: challenge } });
  return challenge;
}

/** A new challenge after a ceremony, so an assertion or attestation cannot be replayed. */
export async function rotateChallenge(deps: IdentityDeps, flow: FlowRow): Promise<void> {
  await updateFlow(deps, flow, { internal: { webauthn_challenge: randomSecret() } });
}

/** The registered authenticators of an identity. */
export async function webauthnCredentials(db: Kysely<Database>, identityId: string): Promise<WebAuthnCredential[]> {
  return (await credentialConfig<WebAuthnConfig>(db, identityId, 'webauthn'))?.credentials ?? [];
}

async function saveCredentials(db: Kysely<Database>, identityId: string, credentials: WebAuthnCredential[]) {
  if (!credentials.length) {
    await db
      .deleteFrom('identity_credentials')
      .where('identity_id', '=', identityId)
      .where('type', '=', 'webauthn')
      .execute();
    return;
  }
  await upsertCredential(
    db,
    identityId,
    'webauthn',
    { credentials },
    credentials.map((c) => c.id),
  );
}

/** `PublicKeyCredentialCreationOptions` (JSON) for a security key or a passkey. */
export async function creationOptions(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: { identityId: string; email: string; displayName: string; challenge: string; passkey: boolean },
): Promise<string> {
  const { rpID } = relyingParty(request, deps);
  const existing = await webauthnCredentials(deps.db.kysely, input.identityId);
  const { generateRegistrationOptions } = await loadWebauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: input.email,
    userDisplayName: input.displayName,
    userID: new TextEncoder().encode(input.identityId),
    challenge: Buffer.from(input.challenge, 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: input.passkey
      ? { residentKey: 'required', userVerification: 'required' }
      : { residentKey: 'discouraged', userVerification: 'discouraged' },
  });
  return JSON.stringify({ publicKey: options });
}

/** `PublicKeyCredentialRequestOptions` (JSON): for `credentials` (second factor) or any passkey. */
export async function requestOptions(
  deps: IdentityDeps,
  request: FastifyRequest,
  challenge: string,
  credentials?: WebAuthnCredential[],
): Promise<string> {
  const { rpID } = relyingParty(request, deps);
  const { generateAuthenticationOptions } = await loadWebauthn();
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: credentials ? 'discouraged' : 'required',
    ...(credentials
      ? {
          allowCredentials: credentials.map((c) => ({
            id: c.id,
            transports: c.transports as AuthenticatorTransport[],
          })),
        }
      : {}),
  });
  return JSON.stringify({ publicKey: options });
}

function parseResponse(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Verifies an attestation; the new authenticator, or undefined when it does not verify. */
export async function verifyAttestation(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: { raw: string | undefined; challenge: string; passkey: boolean; displayName: string },
): Promise<WebAuthnCredential | undefined> {
  const response = parseResponse(input.raw);
  if (!response) return undefined;
  const { origin, rpID } = relyingParty(request, deps);
  const { verifyRegistrationResponse } = await loadWebauthn();
  try {
    const verified = await verifyRegistrationResponse({
      response: response as never,
      expectedChallenge: input.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: input.passkey,
    });
    if (!verified.verified || !verified.registrationInfo) return undefined;
    const { credential } = verified.registrationInfo;
    return {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      display_name: input.displayName || (input.passkey ? 'Passkey' : 'Security key'),
      added_at: deps.clock.now().toISOString(),
      is_passwordless: input.passkey,
    };
  } catch {
    return undefined;
  }
}

/** Adds a verified authenticator to an identity (in the caller's transaction when given one). */
export async function addCredential(
  db: Kysely<Database>,
  identityId: string,
  credential: WebAuthnCredential,
): Promise<boolean> {
  const existing = await webauthnCredentials(db, identityId);
  if (existing.some((c) => c.id === credential.id)) return false;
  await saveCredentials(db, identityId, [...existing, credential]);
  return true;
}

/** Verifies an attestation and stores the new authenticator; false when it does not verify. */
export async function registerCredential(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: { identityId: string; raw: string | undefined; challenge: string; passkey: boolean; displayName: string },
): Promise<boolean> {
  const credential = await verifyAttestation(deps, request, input);
  return credential ? addCredential(deps.db.kysely, input.identityId, credential) : false;
}

/** Removes one authenticator of an identity; false when it has no such one. */
export async function removeCredential(
  db: Kysely<Database>,
  identityId: string,
  id: string | undefined,
): Promise<boolean> {
  const existing = await webauthnCredentials(db, identityId);
  const kept = existing.filter((c) => c.id !== id);
  if (kept.length === existing.length) return false;
  await saveCredentials(db, identityId, kept);
  return true;
}

/**
 * Verifies an assertion against one of `candidates` and bumps its signature counter. Returns the
 * credential used, or undefined when nothing verifies (unknown key, bad signature, cloned key).
 */
export async function verifyAssertion(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: { identityId: string; raw: string | undefined; challenge: string; passwordless: boolean },
): Promise<WebAuthnCredential | undefined> {
  const response = parseResponse(input.raw);
  if (!response || typeof response.id !== 'string') return undefined;
  const credentials = await webauthnCredentials(deps.db.kysely, input.identityId);
  const used = credentials.find((c) => c.id === response.id && c.is_passwordless === input.passwordless);
  if (!used) return undefined;
  const { origin, rpID } = relyingParty(request, deps);
  const { verifyAuthenticationResponse } = await loadWebauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: response as never,
      expectedChallenge: input.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: input.passwordless,
      credential: {
        id: used.id,
        publicKey: Buffer.from(used.public_key, 'base64url'),
        counter: used.counter,
        transports: used.transports as AuthenticatorTransport[],
      },
    });
    if (!result.verified) return undefined;
    used.counter = result.authenticationInfo.newCounter;
  } catch {
    return undefined;
  }
  await saveCredentials(deps.db.kysely, input.identityId, credentials);
  return used;
}
