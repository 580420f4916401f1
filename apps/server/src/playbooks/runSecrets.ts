import type { RawBuilder } from 'kysely';
import { searchResources } from '../catalog/query/search.js';
import { connectionUseRefusal } from '../connections/access.js';
import { findConnection } from '../connections/store.js';
import type { Db } from '../db/connection.js';
import { loadSubject } from '../identity/index.js';
import type { ResolvedConnection } from '../integrations/connection.js';
import { authorize } from '../rbac/authorize.js';
import type { Subject } from '../rbac/resources.js';
import { restrictionSql } from '../rbac/selectorSql.js';
import { KnownSecrets, maskStrings, maskText } from '../rest/secretValues.js';
import type { ActionContext, ActionOutcome } from './actions/types.js';
import type { ClaimedRun } from './claims.js';
import './tables.js';

/**
 * The connections and secrets of one run's action. Using a stored connection (`valueFrom`
 * secretKeyRef/configMapKeyRef, or an action's `connection:`) needs read on that connection by
 * the playbook's author: the author wrote the reference and decides where the secret goes, while
 * those who only run the playbook use it as the author made it. A playbook without an author on
 * record uses the run's subject; a playbook from files or the CLI with neither is the operator's.
 * Every secret the action resolves or opens is recorded, so that what the action says about it
 * (error, result) is masked before it is stored (maskOutcome).
 */

/** Entry names that say their value is a credential (as the `entry` mask of migration 070 reads them). */
const SECRET_ENTRY_NAME = /auth|token|secret|passw|pwd|key|cookie|session|credential/i;

type BaseContext = Omit<ActionContext, 'signal' | 'timeoutMs'>;

export interface RunSecrets {
  context: BaseContext;
  known: KnownSecrets;
}

type User = { subject: Subject } | { trusted: true } | { refusal: string };

async function runUser(db: Db, run: ClaimedRun, now: Date): Promise<User> {
  const playbook = await db.kysely
    .selectFrom('playbooks')
    .select(['created_by', 'source'])
    .where('id', '=', run.playbook_id)
    .executeTakeFirst();
  for (const id of [playbook?.created_by, run.created_by]) {
    const subject = id ? await loadSubject(db.kysely, id, now) : undefined;
    if (subject) return { subject };
  }
  if (playbook && playbook.source !== 'UI') return { trusted: true };
  return { refusal: 'the playbook has no author on record who may read connections, so their secrets are not used' };
}

const refOf = (source: unknown): string | undefined => {
  if (!source || typeof source !== 'object') return undefined;
  const from = (source as { valueFrom?: { secretKeyRef?: { name?: string }; configMapKeyRef?: { name?: string } } })
    .valueFrom;
  return from?.secretKeyRef?.name ?? from?.configMapKeyRef?.name;
};

/** Records the secrets of a resolved connection: sealed values, URL password, secret-named properties. */
function recordConnection(known: KnownSecrets, c: ResolvedConnection): void {
  known.add(c.password);
  known.add(c.certificate);
  known.addBasic(c.username, c.password);
  if (c.url) {
    try {
      const u = new URL(c.url);
      if (u.password) known.add(decodeURIComponent(u.password));
    } catch {
      // not a URL: the URL masker still covers DSN passwords
    }
  }
  for (const [k, v] of Object.entries(c.properties)) {
    if (/token|secret|passw|key|credential|kubeconfig/i.test(k)) known.add(v);
  }
}

/** The action context of one run: connection use authorized, every resolved secret recorded. */
export function runSecrets(db: Db, base: BaseContext, run: ClaimedRun, now: Date): RunSecrets {
  const known = new KnownSecrets();
  let user: Promise<User> | undefined;
  const authorizeUse = async (ref: string): Promise<void> => {
    const row = await findConnection(db, ref);
    if (!row) return; // the resolver answers "not found"
    user ??= runUser(db, run, now);
    const who = await user;
    if ('trusted' in who) return;
    const refusal = 'refusal' in who ? who.refusal : connectionUseRefusal(who.subject, row);
    if (refusal) throw new Error(refusal);
  };
  const context: BaseContext = {
    ...base,
    async resolveConnection(ref) {
      await authorizeUse(ref);
      const c = await base.resolveConnection(ref);
      recordConnection(known, c);
      return c;
    },
    async resolveEnv(source) {
      const ref = refOf(source);
      if (ref) await authorizeUse(ref);
      const value = await base.resolveEnv(source);
      // a header or env entry named like a credential (X-Api-Key, TOKEN) is one, where an echo shows it
      const name = (source as { name?: unknown } | null)?.name;
      if (ref || (typeof name === 'string' && SECRET_ENTRY_NAME.test(name))) known.add(value);
      return value;
    },
    openSecret(sealed) {
      const value = base.openSecret(sealed);
      known.add(value);
      return value;
    },
    // the catalog as the playbook's author (else the run's subject) may read it, as the search API narrows it
    async searchConfigs(selectors, limit) {
      user ??= runUser(db, run, now);
      const who = await user;
      if ('trusted' in who) return base.searchConfigs(selectors, limit);
      if ('refusal' in who) throw new Error('the playbook has no author on record who may read the catalog');
      const decision = authorize(who.subject, 'config_scrapers', 'read', undefined, { selective: true });
      if (!decision.allowed) throw new Error("the playbook's author may not read the catalog");
      const { restriction } = decision;
      const narrow = restriction ? (id: RawBuilder<unknown>) => restrictionSql(restriction, id) : undefined;
      return searchResources(db, 'configs', selectors, limit, narrow);
    },
  };
  return { context, known };
}

/** An outcome as it may be stored: known secrets and URL credentials masked in its error and result. */
export async function maskOutcome(db: Db, outcome: ActionOutcome, known: KnownSecrets): Promise<ActionOutcome> {
  const result = await maskStrings(db, outcome.result, known);
  if (outcome.error === undefined) return { ...outcome, result };
  return { ...outcome, result, error: await maskText(db, outcome.error, known) };
}
