import { describe, expect, it } from 'vitest';
import { expressionContextOpen, lastResult } from '../../src/expr/context.js';
import { type ExpressionContext, renderTemplate, withExpressionContext } from '../../src/expr/index.js';

// Contextual template functions as upstream files call them: `last_result` (the check's previous
// result) and `channel` (the notification channel), bare or with fields read off their value.

const previous = { status: true, message: '3 rows', results: { count: 3, rows: [{ id: 7 }, { id: 9 }] } };
const render = (src: string, ctx: ExpressionContext = { lastResult: previous }) =>
  withExpressionContext(ctx, () => renderTemplate(src, {}));

describe('last_result in templates', () => {
  it.each([
    ['{{ last_result.results.count }}', '3'],
    ['{{ last_result.status }}', 'true'],
    ['{{ (last_result).results.count }}', '3'],
    ['{{ range last_result.results.rows }}{{ .id }};{{ end }}', '7;9;'],
    ['{{ $rows := index last_result "results" }}{{ $rows.count }}', '3'],
    ['{{ if last_result.status }}again{{ else }}first{{ end }}', 'again'],
    ['{{ last_result.results.count | add 1 }}', '4'],
    ['{{ with last_result.results }}{{ len .rows }}{{ end }}', '2'],
    ['{{ strings.ToUpper last_result.message }}', '3 ROWS'],
  ])('%s', (src, want) => {
    expect(render(src)).toBe(want);
  });

  it('is empty on the first run', () => {
    expect(render('{{ if last_result.status }}again{{ else }}first{{ end }}', { lastResult: {} })).toBe('first');
    expect(render('{{ last_result.results.count }}', { lastResult: {} })).toBe('<no value>');
  });

  it('reports a field of a scalar as Go does', () => {
    expect(() => render('{{ last_result.results.count.x }}')).toThrow(/can't evaluate field x in type int/);
  });

  it('still refuses a name that is no function', () => {
    expect(() => render('{{ nope.results }}')).toThrow(/function "nope.results" not defined/);
  });
});

describe('channel in notification templates', () => {
  const src = '{{ if eq channel "slack" }}blocks{{ else }}text{{ end }}';
  it('answers the channel being rendered for', () => {
    expect(withExpressionContext({ channel: 'slack' }, () => renderTemplate(src, {}))).toBe('blocks');
    expect(withExpressionContext({ channel: 'email' }, () => renderTemplate(src, {}))).toBe('text');
    expect(renderTemplate(src, {})).toBe('text');
  });
});

describe('data keys called as functions (notification templates)', () => {
  const env = { check_status: { error: 'HTTP 503' }, channel: 'email' };
  const opts = { dataFunctions: ['check_status', 'channel'] };

  it('reads the variable, bare or with fields, where the option names it', () => {
    expect(renderTemplate('{{ check_status.error }}', env, opts)).toBe('HTTP 503');
    expect(renderTemplate('{{ if eq channel "email" }}mail{{ end }}', env, opts)).toBe('mail');
    expect(renderTemplate('{{ .check_status.error }}', env, opts)).toBe('HTTP 503');
  });

  it('is no function elsewhere: the same text without the option is refused', () => {
    expect(() => renderTemplate('{{ check_status.error }}', env)).toThrow(/function "check_status.error" not defined/);
    expect(renderTemplate('{{ check_status.error }}', { check_status: { error: 'other' } }, opts)).toBe('other');
  });
});

describe('the expression context is open only while an evaluation uses it', () => {
  it('follows awaits of an async evaluation, and closes once it settles', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const run = withExpressionContext({ lastResult: { status: true } }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(lastResult());
      return 'done';
    });
    expect(expressionContextOpen()).toBe(true);
    await expect(run).resolves.toBe('done');
    await Promise.resolve();
    expect(seen).toEqual([{ status: true }]);
    expect(expressionContextOpen()).toBe(false);
    expect(lastResult()).toEqual({});
  });

  it('keeps concurrent evaluations apart and closes after the last one, even when one throws', async () => {
    const read = (n: number, ms: number) =>
      withExpressionContext({ lastResult: { n } }, async () => {
        await new Promise((r) => setTimeout(r, ms));
        return lastResult().n;
      });
    const failing = withExpressionContext({ lastResult: { n: 3 } }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      throw new Error('bad expression');
    });
    await expect(Promise.all([read(1, 10), read(2, 2)])).resolves.toEqual([1, 2]);
    await expect(failing).rejects.toThrow('bad expression');
    expect(() => withExpressionContext({}, () => renderTemplate('{{ nope }}', {}))).toThrow(/not defined/);
    await Promise.resolve();
    expect(expressionContextOpen()).toBe(false);
  });
});
