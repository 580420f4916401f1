import { isFullScope } from '@opsdeck/schema/tokenScope';
import type { Subject } from '../../rbac/resources.js';

/**
 * Whether `subject` administers agents: an admin, signed in or with an unscoped token. An agent's
 * name decides where playbook actions go (`runsOn`) and whether it may send code, so only an
 * admin claims one (editors hold `agents:create` for the rest of the Agents page).
 */
export const isAgentAdmin = (subject: Subject | null | undefined): boolean =>
  !!subject && subject.roles.includes('admin') && isFullScope(subject.scope);
