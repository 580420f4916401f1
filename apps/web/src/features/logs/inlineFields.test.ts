import { describe, expect, it } from 'vitest';
import { splitMatches } from './highlight.js';
import { flattenFields, inlineFields } from './inlineFields.js';

const pino = {
  level: 30,
  time: 1,
  pid: 7,
  hostname: 'h',
  reqId: 'r-1',
  req: { method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' },
  msg: 'incoming request',
};

describe('inlineFields', () => {
  it('leaves out what the row shows and ranks the useful fields first, nested by dotted path', () => {
    expect(inlineFields(pino, '')).toEqual([
      ['req.method', 'GET'],
      ['req.url', '/api/health'],
      ['reqId', 'r-1'],
      ['req.remoteAddress', '10.0.0.9'],
    ]);
  });

  it('puts the field that holds the search term first, so what matched is visible', () => {
    expect(inlineFields(pino, '10.0.0', 2)).toEqual([
      ['req.remoteAddress', '10.0.0.9'],
      ['req.method', 'GET'],
    ]);
  });

  it('shows nothing for a plain line and cuts long values', () => {
    expect(inlineFields(undefined, 'x')).toEqual([]);
    expect(inlineFields({ stack: 'a'.repeat(500) }, '')[0]?.[1]).toHaveLength(81);
  });

  it('flattens arrays and nulls as JSON', () => {
    expect(flattenFields({ tags: ['a', 1], gone: null, ok: true })).toEqual([
      ['tags', '["a",1]'],
      ['gone', 'null'],
      ['ok', 'true'],
    ]);
  });
});

describe('splitMatches', () => {
  it.each([
    [
      'Payment TIMEOUT after timeout',
      'timeout',
      [
        ['Payment ', false],
        ['TIMEOUT', true],
        [' after ', false],
        ['timeout', true],
      ],
    ],
    ['no hit', 'zzz', [['no hit', false]]],
    ['anything', '  ', [['anything', false]]],
    [
      'aaa',
      'a',
      [
        ['a', true],
        ['a', true],
        ['a', true],
      ],
    ],
  ])('%s / %s', (text, term, want) => {
    expect(splitMatches(text, term)).toEqual(want);
  });
});
