import { describe, expect, it } from 'vitest';
import { KnownSecrets } from '../../src/rest/secretValues.js';

// The value side of the masking mechanism: secrets a job handled, replaced wherever its output
// quotes them (plain, URL-encoded, or as the base64 of a basic auth header).
describe('KnownSecrets', () => {
  it('replaces every known value, its URL-encoded form and its basic auth value', () => {
    const known = new KnownSecrets();
    known.add('p@ss/word!');
    known.addBasic('svc', 'hunter22');
    const basic = Buffer.from('svc:hunter22').toString('base64');
    const text = `GET http://svc:${encodeURIComponent('p@ss/word!')}@h/ said p@ss/word! and Basic ${basic}, hunter22`;
    expect(known.mask(text)).toBe('GET http://svc:********@h/ said ******** and Basic ********, ********');
  });

  it('masks the longest value first, so no tail of a secret shows', () => {
    const known = new KnownSecrets();
    known.add('abcd');
    known.add('abcdefgh');
    expect(known.mask('x abcdefgh y')).toBe('x ******** y');
  });

  it('leaves short values and the marker alone', () => {
    const known = new KnownSecrets();
    known.add('ab');
    known.add('********');
    known.add(undefined);
    expect(known.size).toBe(0);
    expect(known.mask('ab cab')).toBe('ab cab');
  });
});
