import { describe, expect, it } from 'vitest';
import { ExprDuration, renderTemplate } from '../../../src/expr/index.js';

// The same library under gomplate's template names (namespaced as `strings.X`, `crypto.X`, ...).
describe('template function library', () => {
  const data = {
    name: 'Hello World',
    n: 1536,
    sslAge: new ExprDuration(90_000),
    pod: { kind: 'Pod', status: { phase: 'Failed' } },
  };
  it.each([
    ['{{ strings.ToUpper .name }}', 'HELLO WORLD'],
    ['{{ .name | strings.KebabCase }}', 'hello-world'],
    ['{{ strings.TrimPrefix "Hello " .name }}', 'World'],
    ['{{ crypto.SHA1 "hello" }}', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ['{{ base64.Encode "hello" }}', 'aGVsbG8='],
    ['{{ HumanSize .n }}', '1.5KiB'],
    ['{{ .sslAge }}', '1m30s'],
    ['{{ math.Add 1 2 3 }}', '6'],
    ['{{ uuid.IsValid (uuid.V4) }}', 'true'],
    ['{{ SemverCompare ">=1.2" "1.3.0" }}', 'true'],
    ['{{ time.Parse "2006-01-02" "2023-09-26" }}', '2023-09-26T00:00:00.000Z'],
    ['{{ regexp.Replace "o" "0" .name }}', 'Hell0 W0rld'],
    ['{{ k8s.isHealthy .pod }}', 'false'],
    ['{{ data.ToJSON (coll.Dict "a" 1) }}', '{"a":1}'],
    ['{{ filepath.Base "/a/b.txt" }}', 'b.txt'],
  ])('%s', (tpl, expected) => {
    expect(renderTemplate(tpl, data)).toBe(expected);
  });
});
