import type { PlaybookSpec } from '@opsdeck/schema';
import type { SecretBox } from '../crypto/secretBox.js';

/**
 * Parameters of type `secret` are kept sealed in `playbook_runs.parameters` (`{sealed: ...}`,
 * AES-256-GCM with the installation's key), so no read of a run shows them; the executor opens
 * them for the action's templates. A re-run sends the sealed value back and it is kept.
 */

export interface Sealed {
  sealed: string;
}

const isSealed = (v: unknown): v is Sealed =>
  !!v && typeof v === 'object' && typeof (v as Sealed).sealed === 'string' && Object.keys(v).length === 1;

const secretNames = (spec: PlaybookSpec) =>
  (spec.parameters ?? []).filter((p) => p.type === 'secret').map((p) => p.name);

/** Given values with sealed secrets opened (a re-run's), or throws when one does not open. */
export function openGiven(spec: PlaybookSpec, given: Record<string, unknown>, box: SecretBox): Record<string, unknown> {
  const out = { ...given };
  for (const name of secretNames(spec)) {
    const v = out[name];
    if (!isSealed(v)) continue;
    try {
      out[name] = box.open(v.sealed);
    } catch {
      throw new Error(`params.${name}: the sealed value does not open on this server; enter the secret again`);
    }
  }
  return out;
}

/** The values to store: secrets sealed. */
export function sealSecrets(
  spec: PlaybookSpec,
  values: Record<string, unknown>,
  box: SecretBox,
): Record<string, unknown> {
  const out = { ...values };
  for (const name of secretNames(spec)) {
    if (out[name] !== undefined && !isSealed(out[name])) out[name] = { sealed: box.seal(String(out[name])) };
  }
  return out;
}

/** The values an action sees: secrets opened. */
export function openSecrets(
  spec: PlaybookSpec,
  values: Record<string, unknown>,
  open: (sealed: string) => string,
): Record<string, unknown> {
  const out = { ...values };
  for (const name of secretNames(spec)) {
    const v = out[name];
    if (isSealed(v)) out[name] = open(v.sealed);
  }
  return out;
}
