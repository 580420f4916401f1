import { GLOBAL_OBJECTS } from '@opsdeck/schema/permissions';
import {
  CUSTOM_LEVELS,
  type CustomLevel,
  SCOPE_PRESETS,
  type ScopeGrant,
  type TokenScope,
} from '@opsdeck/schema/tokenScope';

/** Expiry choices of the Create Token form (90 days by default); `hours` null is Never. */
export const EXPIRY_OPTIONS = [
  { label: '30 days', hours: 720 },
  { label: '90 days', hours: 2160 },
  { label: '180 days', hours: 4320 },
  { label: '365 days', hours: 8760 },
  { label: 'Never', hours: null },
] as const;
export const DEFAULT_EXPIRY = '90 days';

export type ScopeKind = 'Read' | 'Write' | 'Full' | 'Custom';

/** Objects a Custom scope sets one by one (those that reach something a token can call). */
export const CUSTOM_OBJECTS = GLOBAL_OBJECTS.filter((o) => !['connection-detail', 'artifact'].includes(o));

export interface TokenForm {
  name: string;
  expiry: string;
  autoRenew: boolean;
  scope: ScopeKind;
  custom: Record<string, CustomLevel>;
}

export const emptyTokenForm = (): TokenForm => ({
  name: '',
  expiry: DEFAULT_EXPIRY,
  autoRenew: false,
  scope: 'Read',
  custom: {},
});

/** The scope sent for the form's choice; null (Full) is sent as no scope. */
export function scopeOf(form: TokenForm): TokenScope {
  if (form.scope !== 'Custom') return SCOPE_PRESETS[form.scope] as TokenScope;
  const grants: ScopeGrant[] = Object.entries(form.custom)
    .filter(([, level]) => level !== 'None')
    .map(([object, level]) => ({ object, actions: [...CUSTOM_LEVELS[level]] }));
  return grants;
}

/** Why the form cannot be sent, per field. */
export function tokenFormErrors(form: TokenForm): Partial<Record<'name' | 'scope', string>> {
  const errors: Partial<Record<'name' | 'scope', string>> = {};
  if (!form.name.trim()) errors.name = 'This field is required';
  if (form.scope === 'Custom' && !scopeOf(form)?.length) errors.scope = 'Give the token access to at least one object';
  return errors;
}

/** The create_token body. */
export function tokenBody(form: TokenForm): {
  name: string;
  expiry?: string;
  auto_renew: boolean;
  scope?: ScopeGrant[];
} {
  const hours = EXPIRY_OPTIONS.find((o) => o.label === form.expiry)?.hours;
  const scope = scopeOf(form);
  return {
    name: form.name.trim(),
    ...(hours ? { expiry: `${hours}h` } : {}),
    auto_renew: form.autoRenew,
    ...(scope ? { scope } : {}),
  };
}

/** A one-line description of a token's scope for the list. */
export function scopeSummary(scope: TokenScope): string {
  if (!scope) return 'Full';
  if (scope.length === 1 && scope[0]?.object === '*') {
    const a = scope[0].actions;
    if (a.length === 1 && a[0] === 'read') return 'Read';
    if (a.includes('*')) return 'Full';
    if (['read', 'create', 'update', 'delete'].every((x) => a.includes(x as never))) return 'Write';
  }
  return scope.map((g) => `${g.object}: ${g.actions.join(', ')}`).join('; ');
}
