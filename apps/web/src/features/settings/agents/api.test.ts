import { describe, expect, it } from 'vitest';
import { parseProperties, propertiesText } from './api.js';

describe('agent properties', () => {
  it('reads key=value lines and writes them back', () => {
    const parsed = parseProperties('region = eu\n\nteam=sre=a\n');
    expect(parsed).toEqual({ ok: true, value: { region: 'eu', team: 'sre=a' } });
    expect(propertiesText({ region: 'eu' })).toBe('region=eu');
  });
  it('refuses a line without a key', () => {
    expect(parseProperties('region\n')).toEqual({ ok: false, message: 'line 1: write key=value' });
  });
});
