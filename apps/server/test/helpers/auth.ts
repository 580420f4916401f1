import type { Authenticator } from '../../src/auth.js';
import { ROLES, type Role, type Subject } from '../../src/rbac/resources.js';

/** Header through which tests (never production) say who is asking. */
export const TEST_SUBJECT_HEADER = 'x-opsdeck-test-subject';

/** A fixed id per role, so tests can refer to "the viewer". */
export function testSubjectId(role: Role): string {
  const n = ROLES.indexOf(role) + 1;
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The header value for a subject with `role`, or a full subject. */
export function testSubjectHeader(subject: Role | Partial<Subject>): Record<string, string> {
  const s: Subject =
    typeof subject === 'string'
      ? { id: testSubjectId(subject), kind: 'person', roles: [subject], teamIds: [] }
      : { id: testSubjectId('admin'), kind: 'person', roles: ['admin'], teamIds: [], ...subject };
  return { [TEST_SUBJECT_HEADER]: JSON.stringify(s) };
}

/**
 * Admits the subject named in the test header. Lives under test/ so that no production entry
 * point can wire it: the production server has no way in without the identity layer.
 */
export const testSubjectAuthenticator: Authenticator = async (request) => {
  const raw = request.headers[TEST_SUBJECT_HEADER];
  if (typeof raw !== 'string') return null;
  try {
    const s = JSON.parse(raw) as Subject;
    return {
      id: s.id,
      kind: s.kind ?? 'person',
      roles: s.roles ?? [],
      teamIds: s.teamIds ?? [],
      // a test may ask as an access token with a scope
      ...(s.scope !== undefined ? { scope: s.scope } : {}),
    };
  } catch {
    return null;
  }
};
