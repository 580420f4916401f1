import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../../../src/expr/index.js';
import { renderTemplate } from '../../../src/expr/template.js';

// Encodings, data formats, hashes and UUIDs, with canary-checker's documented examples.
describe('CEL encoding, crypto and uuid library', () => {
  it.each([
    ['base64.encode("hello")', 'aGVsbG8='],
    ['base64.Encode("hello")', 'aGVsbG8='],
    ['base64.decode("aGVsbG8=") == b"hello"', true],
    ['base64.Decode("4pyT")', '✓'],
    ['urlencode("hello world ?")', 'hello+world+%3F'],
    ['urldecode("hello+world+%3F")', 'hello world ?'],
    ['\'{"name": "Alice", "age": 30}\'.JSON().age', 30],
    ['\'[{"name": "Alice"}, {"name": "Bob"}]\'.JSONArray()[1].name', 'Bob'],
    ['[{"name": "John"}].toJSON()', '[{"name":"John"}]'],
    ["{'name': 'John'}.toJSON()", '{"name":"John"}'],
    ['1.toJSON()', '1'],
    ["{'name': 'aditya'}.toJSONPretty('\\t')", '{\n\t"name": "aditya"\n}'],
    ['data.ToJSON(["Alice", 30])', '["Alice",30]'],
    ['data.YAML("name: Alice\\nage: 30").age', 30],
    ['data.YAMLArray("- 1\\n- 2\\n- 3")', [1, 2, 3]],
    ['data.ToYAML({"name": "Alice"})', 'name: Alice\n'],
    ['CSV(["Alice,30", "Bob,31"])[0][0]', 'Alice'],
    [
      'data.CSVByRow("name,age\\nAlice,30\\nBob,35")',
      [
        { name: 'Alice', age: '30' },
        { name: 'Bob', age: '35' },
      ],
    ],
    ['data.CSVByColumn("name\\nAlice\\nBob")', { name: ['Alice', 'Bob'] }],
    ['data.ToCSV([["Alice", 30], ["Bob", 35]])', 'Alice,30\nBob,35'],
    ['jsonpath("$.name", {"name": "John", "age": 30})', 'John'],
    ['jsonpath("$.user.email", \'{"user": {"email": "john@example.com"}}\')', 'john@example.com'],
    ['crypto.SHA1("hello")', 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ['crypto.SHA256("hello")', '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
    [
      'crypto.SHA384("hello")',
      '59e1748777448c69de6b800d7a33bbfb9ff1b463e44354c3553bcdb9c666fa90125a3c79f90397bdf5f6a13de828684f',
    ],
    ['crypto.SHA512("hello").size()', 128],
    ['crypto.SHA224("hello")', 'ea09ae9cc6768c50fcee903ed054556e5bfc8347907f12598aa24193'],
    ['crypto.SHA512_256("hello").size()', 64],
    ['crypto.SHA256Bytes("hello").size()', 32],
    ['uuid.IsValid(uuid.V4())', true],
    ['uuid.V4().matches("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")', true],
    ['uuid.V1().matches("^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")', true],
    ['uuid.V4() != uuid.V4()', true],
    ['uuid.Nil()', '00000000-0000-0000-0000-000000000000'],
    ['uuid.IsValid("not-a-uuid")', false],
    ['uuid.Parse("{6BA7B810-9DAD-11D1-80B4-00C04FD430C8}")', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, {})).toEqual(expected);
  });

  // JMESPath, as gomplate's coll.JMESPath (jmespath.org examples)
  it.each([
    ['jmespath("a.b", {"a": {"b": "foo"}})', 'foo'],
    ['jmespath("people[?age > `20`].name", {"people": [{"name": "a", "age": 20}, {"name": "b", "age": 30}]})', ['b']],
    ['jmespath("length(items)", \'{"items": [1, 2, 3]}\')', 3],
    ['jmespath("missing", {"a": 1})', null],
    ['JMESPath("[0]", [5, 6])', 5],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, {})).toEqual(expected);
  });

  it('offers jmespath in Go templates too', () => {
    expect(renderTemplate('{{ jmespath "items[0].name" . }}', { items: [{ name: 'web' }] })).toBe('web');
  });

  it('says which engines are missing and what is malformed', () => {
    expect(() => evaluateCel('jq(".name", {"name": "x"})', {})).toThrow(
      /jq is not supported \(.*\); use jmespath\(expr, value\), jsonpath/,
    );
    expect(() => evaluateCel('jmespath("a[", {})', {})).toThrow(/jmespath "a\[": /);
    expect(() => evaluateCel('"{nope".JSON()', {})).toThrow(/invalid JSON/);
    expect(() => evaluateCel('uuid.Parse("x")', {})).toThrow(/invalid UUID/);
  });
});
