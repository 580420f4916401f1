import { describe, expect, it } from 'vitest';
import { ExprDuration, evaluateCel } from '../../../src/expr/index.js';

// Times and durations: results come back as ISO text (timestamps) and Go text (durations).
describe('CEL time library', () => {
  it.each([
    ['Duration("7d") == duration("168h")', true],
    ['Duration("1h30m")', '1h30m0s'],
    ['time.ParseDuration("30d12h")', '732h0m0s'],
    ['time.ParseDuration("-2h45m")', '-2h45m0s'],
    ['time.Parse("2006-01-02", "2023-09-26")', '2023-09-26T00:00:00.000Z'],
    ['time.Parse("02-01-2006", "26-09-2023")', '2023-09-26T00:00:00.000Z'],
    ['time.Parse("15:04 02-01-2006", "14:30 26-09-2023")', '2023-09-26T14:30:00.000Z'],
    ['time.Parse("2006-01-02T15:04:05Z07:00", "2023-09-26T14:30:00+02:00")', '2023-09-26T12:30:00.000Z'],
    ['time.Parse("Jan 2, 2006 at 3:04pm (MST)", "Feb 3, 2013 at 7:54pm (PST)")', '2013-02-03T19:54:00.000Z'],
    ['time.ParseInLocation("2006-01-02", "America/New_York", "2023-09-26")', '2023-09-26T04:00:00.000Z'],
    ['time.ParseInLocation("15:04 02-01-2006", "Asia/Tokyo", "14:30 26-09-2023")', '2023-09-26T05:30:00.000Z'],
    ['time.Unix(0)', '1970-01-01T00:00:00.000Z'],
    ['time.Hour() + time.Hour() == duration("2h")', true],
    ['time.Second()', '1s'],
    ['time.Parse("2006-01-02", "2023-09-26").getFullYear()', 2023],
    ['time.Since(time.Parse("2006-01-02", "2023-09-26")) > Duration("365d")', true],
    ['time.Until(time.Parse("2006-01-02", "2023-10-01")) < duration("0s")', true],
    ['time.Since(time.Now()) < duration("1s")', true],
    ['time.Now() > timestamp("2024-01-01T00:00:00Z")', true],
    ['type(time.ZoneName()) == string', true],
    ['type(time.ZoneOffset()) == int', true],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, {})).toEqual(expected);
  });

  it('gives variables their types: durations compare with Duration(), timestamps have accessors', () => {
    const vars = {
      sslAge: new ExprDuration(10 * 86_400_000),
      elapsed: new ExprDuration(1234),
      at: new Date('2024-05-06T07:08:09Z'),
    };
    expect(evaluateCel("sslAge > Duration('7d')", vars)).toBe(true);
    expect(evaluateCel('elapsed.getMilliseconds()', vars)).toBe(234);
    expect(evaluateCel('elapsed < duration("2s")', vars)).toBe(true);
    expect(evaluateCel('at.getHours()', vars)).toBe(7);
  });

  it('explains a value that does not fit the layout', () => {
    expect(() => evaluateCel('time.Parse("2006-01-02", "26/09/2023")', {})).toThrow(/does not match/);
    expect(() => evaluateCel('Duration("soon")', {})).toThrow(/invalid duration/);
    expect(() => evaluateCel('time.ParseInLocation("2006", "Mars/Base", "2023")', {})).toThrow(/unknown time zone/);
  });
});
