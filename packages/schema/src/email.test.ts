import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email.js';
import { emailSchema } from './emailSchema.js';

describe('email address rule', () => {
  const valid = ['admin@localhost', 'ops@intranet', 'a.b+tag@example.com', 'x@127.0.0.1', 'A@Example.COM'];
  const invalid = ['', 'admin', 'a b@c', 'a,b@c.com', 'a@b,c', 'a@@b', 'a@-host', `${'a'.repeat(320)}@x`];

  it.each(valid)('accepts %s, with or without a dot in the host', (e) => {
    expect(isEmailAddress(e)).toBe(true);
    expect(emailSchema().safeParse(e).success).toBe(true);
  });
  it.each(invalid)('refuses %j', (e) => {
    expect(isEmailAddress(e)).toBe(false);
    expect(emailSchema().safeParse(e).success).toBe(false);
  });
});
