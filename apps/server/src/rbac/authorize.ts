import { roleAllows } from '@opsdeck/schema';
import {
  type ObjectAttributes,
  type RelatedObjects,
  type ResourceSelector,
  type SelectorKind,
  selectorKindOf,
  selectorRowMatches,
  selectorsFor,
} from '@opsdeck/schema/permissions';
import { scopeAllows } from '@opsdeck/schema/tokenScope';
import { matchingRules, type Target } from './permissions.js';
import type { Action, Resource, Subject } from './resources.js';

/**
 * Which objects of a resource a decision reaches when permission rows with object selectors
 * speak to it: those matching any `allow` selector (every object when `allow` is undefined, i.e.
 * a role or a plain row allows the whole resource) and no `deny` selector.
 */
export interface Restriction {
  kind: SelectorKind;
  allow?: ResourceSelector[];
  deny: ResourceSelector[];
}

export interface Decision {
  allowed: boolean;
  reason: string;
  /** Set when selector rows narrow an allowed decision to some objects (only with `selective`). */
  restriction?: Restriction;
}

export interface AuthorizeOptions {
  /** The one object the request is about (a playbook to run): selector rows are matched against it. */
  object?: ObjectAttributes;
  /**
   * With `object`: the other objects the request is about (the config or component a playbook
   * runs on, none when it runs on nothing). A selector row must then match each of them that it
   * names a kind of (selectorRowMatches).
   */
  related?: RelatedObjects;
  /**
   * The caller narrows what it reads or writes to a Restriction (the /api/db layer, catalog
   * reads, resource search). Without it a decision that only selectors allow is refused, and so
   * is one a selector denies in part: a caller that cannot narrow must not reach those objects.
   */
  selective?: boolean;
}

/**
 * The one decision point: every route and every /api/db table asks here. A scoped access token
 * is refused whatever lies outside its scope.
 * A matching deny row wins over everything; then the subject's roles;
 * then allow rows. `target` narrows the check to one resource (a playbook to run); object
 * selectors are matched against `options.object`, or become a Restriction for a selective caller.
 */
export function authorize(
  subject: Subject,
  resource: Resource,
  action: Action,
  target?: Target,
  options: AuthorizeOptions = {},
): Decision {
  if (!scopeAllows(subject.scope, resource, action))
    return { allowed: false, reason: `${action} on ${resource} is outside the access token's scope` };
  const matched = matchingRules(subject.permissions ?? [], resource, action, target);
  const { object, related } = options;
  // with the object in hand a selector row is an ordinary row that matches or not
  const rules = object
    ? matched.filter((r) => !r.object_selector || selectorRowMatches(r, resource, object, related))
    : matched.filter((r) => !r.object_selector);
  const partial = object ? [] : matched.filter((r) => r.object_selector);
  const deny = rules.find((r) => r.deny);
  if (deny) return { allowed: false, reason: `denied by permission ${deny.id}` };
  const partialDeny = partial.filter((r) => r.deny);
  const partialAllow = partial.filter((r) => !r.deny);
  const selectors = (rows: typeof partial) => rows.flatMap((r) => selectorsFor(r, resource)?.selectors ?? []);
  const narrowed = (allow?: ResourceSelector[]): Restriction | undefined =>
    partialDeny.length || allow
      ? {
          kind: selectorKindOf(resource) as SelectorKind,
          ...(allow ? { allow } : {}),
          deny: selectors(partialDeny),
        }
      : undefined;

  const role = subject.roles.find((r) => roleAllows(r, resource, action));
  const allow = rules.find((r) => !r.deny);
  const whole = role ? `role ${role}` : allow ? `allowed by permission ${allow.id}` : undefined;
  if (whole) {
    const restriction = narrowed();
    if (!restriction) return { allowed: true, reason: whole };
    if (!options.selective)
      return { allowed: false, reason: `denied on some objects by permission ${partialDeny[0]?.id}` };
    return { allowed: true, reason: whole, restriction };
  }
  if (partialAllow.length) {
    if (!options.selective)
      return { allowed: false, reason: `allowed only on the objects permission ${partialAllow[0]?.id} selects` };
    return {
      allowed: true,
      reason: `allowed on selected objects by permission ${partialAllow.map((r) => r.id).join(', ')}`,
      restriction: narrowed(selectors(partialAllow)),
    };
  }
  return { allowed: false, reason: `no role of [${subject.roles.join(', ')}] grants ${action} on ${resource}` };
}
