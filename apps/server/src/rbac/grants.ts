import { SELECTOR_KINDS, type SelectorKind } from '@opsdeck/schema/permissions';
import { authorize } from './authorize.js';
import { OBJECT_RESOURCES, TARGET_RESOURCES, type Target } from './permissions.js';
import { ACTIONS, type Action, RESOURCES, type Resource, type Subject } from './resources.js';

/**
 * Who may write a permission row. A row is a grant, so a non-admin may
 * only write rows that give no more than they hold themselves: every action on every resource
 * the row covers must be allowed to them now. Rows that administer access itself (objects
 * covering rbac, permissions, identities, connections or log backends, every object `*`) and deny rows (written
 * or removed) need the admin role, whatever rows say. A row with object selectors may reach any
 * object of its kinds, so its writer must hold its actions on every object of those kinds (a
 * writer whose own access selectors narrow cannot hand any of it on).
 */

/**
 * Resources only an admin hands out through permission rows. `logging_backends`: a row on `logs`
 * also opens the restricted backends (OpsDeck's own log, rbac/logBackends.ts).
 */
const ADMIN_RESOURCES: ReadonlySet<Resource> = new Set([
  'rbac',
  'permissions',
  'identities',
  'connections',
  'logging_backends',
]);

const TARGET_COLUMNS = Object.keys(TARGET_RESOURCES) as Array<keyof Target>;

/** A permission row as written (the columns that decide what it grants). */
export type PermissionRowLike = Record<string, unknown>;

const isAction = (a: string): a is Action => (ACTIONS as readonly string[]).includes(a);

/** The resources a row reaches, or undefined when that cannot be told (a selector, an unknown object). */
function resourcesOf(row: PermissionRowLike): { resources: Resource[]; target?: Target } | undefined {
  const target: Target = {};
  const resources = new Set<Resource>();
  for (const column of TARGET_COLUMNS) {
    if (typeof row[column] !== 'string') continue;
    target[column] = row[column] as string;
    for (const r of TARGET_RESOURCES[column] as readonly Resource[]) resources.add(r);
  }
  if (resources.size) return { resources: [...resources], target };
  const selector = row.object_selector;
  if (selector !== null && selector !== undefined) {
    // a selector may reach any object of its kinds: the writer must hold the action on all of them
    if (typeof selector !== 'object') return undefined;
    const kinds = Object.keys(selector).filter((k): k is SelectorKind => k in SELECTOR_KINDS);
    return kinds.length ? { resources: kinds.map((k) => SELECTOR_KINDS[k]) } : undefined;
  }
  const object = row.object;
  if (typeof object !== 'string') return undefined;
  if (object === '*') return { resources: [...RESOURCES] };
  if ((RESOURCES as readonly string[]).includes(object)) return { resources: [object as Resource] };
  const covered = OBJECT_RESOURCES[object];
  // an object that reaches no role-table resource (agent-push, kubernetes-proxy...) is a
  // privilege of its own that no role implies: an admin grants it
  return covered?.length ? { resources: [...covered] } : undefined;
}

/**
 * Why `subject` may not write (create, change, or remove) `row`; undefined when it may. The
 * message names what the row would grant that the writer does not hold.
 */
export function grantRefusal(subject: Subject, row: PermissionRowLike): string | undefined {
  if (subject.roles.includes('admin')) return undefined;
  if (row.deny === true) return 'deny rows are written and removed only by an admin';
  const reach = resourcesOf(row);
  const what = typeof row.object === 'string' ? `object ${row.object}` : 'this object';
  if (!reach) return `permission rows on ${what} need the admin role`;
  const admin = reach.resources.filter((r) => ADMIN_RESOURCES.has(r));
  if (admin.length) return `permission rows on ${what} (${admin.join(', ')}) need the admin role`;
  const granted = String(row.action ?? '')
    .split(',')
    .map((a) => a.trim());
  const actions = granted.includes('*') ? [...ACTIONS] : granted;
  const unknown = actions.filter((a) => !isAction(a));
  if (unknown.length) return `permission rows with action ${unknown.join(', ')} need the admin role`;
  for (const resource of reach.resources) {
    for (const action of actions as Action[]) {
      if (!authorize(subject, resource, action, reach.target).allowed) {
        return `you cannot grant ${action} on ${resource}: you do not hold it yourself`;
      }
    }
  }
  return undefined;
}
