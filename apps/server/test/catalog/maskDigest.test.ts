import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskDigest } from '../../src/catalog/transform/maskDigest.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

// config-db hashes text as it is and anything else as sorted, indented JSON without nulls.
describe('mask md5sum digest', () => {
  it('hashes a text value itself, as config-db does (md5 of "secret")', () => {
    expect(maskDigest('secret')).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
    expect(maskDigest('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('hashes other values as sorted two-space-indented JSON, leaving out null fields', () => {
    expect(maskDigest({ user: 'u', pass: 'p', note: null })).toBe(md5('{\n  "pass": "p",\n  "user": "u"\n}'));
    expect(maskDigest([1, { b: 2, a: 1 }])).toBe(md5('[\n  1,\n  {\n    "a": 1,\n    "b": 2\n  }\n]'));
    expect(maskDigest(42)).toBe(md5('42'));
    expect(maskDigest(true)).toBe(md5('true'));
  });
});
