import { describe, expect, it } from 'vitest';
import { logfmtFields } from '../../src/logs/fields.js';
import { toLogLine } from '../../src/logs/lines.js';

const TS = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('structured log lines keep their fields', () => {
  it('a JSON line: message from msg, severity from the pino level, every field kept with nested values', () => {
    const text =
      '{"level":40,"time":1767323045000,"reqId":"r1","req":{"method":"GET","url":"/api/x"},"msg":"incoming request"}';
    const line = toLogLine('f:1', text, TS, { app: 'shop' });
    expect(line).toMatchObject({ message: 'incoming request', severity: 'warn', raw: text, labels: { app: 'shop' } });
    expect(line.fields).toEqual({
      level: 40,
      time: 1767323045000,
      reqId: 'r1',
      req: { method: 'GET', url: '/api/x' },
      msg: 'incoming request',
    });
  });

  it('a logfmt line after a leading time: quoted values unescaped, the level field is the severity', () => {
    const text = '2026-01-02T03:04:05Z level=error msg="payment \\"timeout\\"" order=42 path=/pay';
    const line = toLogLine('f:2', text, TS, {});
    expect(line.message).toBe('payment "timeout"');
    expect(line.severity).toBe('error');
    expect(line.fields).toEqual({ level: 'error', msg: 'payment "timeout"', order: '42', path: '/pay' });
    expect(line.raw).toBe(text);
  });

  it.each([
    ['prose with one pair', 'INFO request ok order=3'],
    ['a single pair', 'order=3'],
    ['a glued token', 'a=b c=d"x"'],
    ['a JSON array', '[1,2]'],
    ['broken JSON', '{"msg": "cut'],
  ])('%s stays a plain line', (_, text) => {
    expect(toLogLine('f:3', text, TS, {}).fields).toBeUndefined();
  });

  it('a plain line keeps its text without the leading time, and the raw line', () => {
    const line = toLogLine('f:4', '2026-01-02T03:04:05Z WARN disk low', TS, {});
    expect(line).toMatchObject({
      message: 'WARN disk low',
      severity: 'warn',
      raw: '2026-01-02T03:04:05Z WARN disk low',
    });
    expect(toLogLine('f:5', 'no time here', TS, {})).not.toHaveProperty('raw');
  });

  it('a search document is kept whole as the fields; the caller chose the message', () => {
    const src = { message: 'm', '@timestamp': '2026-01-02T03:04:05Z', http: { status: 502 } };
    const line = toLogLine('h1', 'm', TS, {}, src);
    expect(line.fields).toBe(src);
    expect(line.message).toBe('m');
    expect(line).not.toHaveProperty('raw');
  });

  it('logfmt pairs may have empty values and dotted keys', () => {
    expect(logfmtFields('a= b.c=1 @d="x y"')).toEqual({ a: '', 'b.c': '1', '@d': 'x y' });
  });
});
