import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../../../src/expr/index.js';

const vars = { labels: { region: 'us-east-1', env: 'prod' } };

// canary-checker's documented examples for lists, maps and sets.
describe('CEL collections library', () => {
  it.each([
    ['{"first": "John", "last": "Doe"}.keys()', ['first', 'last']],
    ["{'a': 1, 'b': 2}.values()", [1, 2]],
    ['{"first": "John"}.merge({"last": "Doe"})', { first: 'John', last: 'Doe' }],
    ['{"first": "John", "last": "Doe"}.omit(["first"])', { last: 'Doe' }],
    ['[3, 2, 1].sort()', [1, 2, 3]],
    ["['c', 'b', 'a'].sort()", ['a', 'b', 'c']],
    ['[1, 2, 2, 3, 3, 3].distinct()', [1, 2, 3]],
    ['["a", "b", "b"].uniq()', ['a', 'b']],
    ['[[1, 2], [3, 4]].flatten()', [1, 2, 3, 4]],
    ['[1, [2, [3, 4]]].flatten()', [1, 2, [3, 4]]], // cel-go flattens one level by default
    ['[1, [2, [3, 4]]].flatten(2)', [1, 2, 3, 4]],
    ['[1, 2, 3, 4].reverse()', [4, 3, 2, 1]],
    ['range(5)', [0, 1, 2, 3, 4]],
    ['range(2, 5)', [2, 3, 4]],
    ['range(0, 10, 2)', [0, 2, 4, 6, 8]],
    ['keyValToMap("env=prod,region=us-east-1")', { env: 'prod', region: 'us-east-1' }],
    ['{"a": "b", "c": "d"}.mapToKeyVal()', 'a=b,c=d'],
    ['[1, 2, 3, 4].slice(1, 3)', [2, 3]],
    ['[1, 2, 3, 4].slice(2, 4)', [3, 4]],
    ['[1, 2, 3].exists_one(e, e == 2)', true],
    ['sets.contains([], [])', true],
    ['sets.contains([], [1])', false],
    ['sets.contains([1, 2, 3, 4], [2, 3])', true],
    ['sets.contains([1, 2.0, 3u], [1.0, 2u, 3])', true],
    ['sets.equivalent([1], [1, 1])', true],
    ['sets.equivalent([1, 2, 3], [3u, 2.0, 1])', true],
    ['sets.intersects([1], [])', false],
    ['sets.intersects([[1], [2, 3]], [[1, 2], [2, 3.0]])', true],
    ['Keys({"apple": 1, "banana": 2})', ['apple', 'banana']],
    ['Values({})', []],
    ['Append(3, [1, 2])', [1, 2, 3]],
    ['Prepend(0, [1, 2, 3])', [0, 1, 2, 3]],
    ['Uniq([1, 2, 2, 3, 3, 3])', [1, 2, 3]],
    ['Reverse(["a", "b", "c"])', ['c', 'b', 'a']],
    ['Flatten(1, [1, [2, 3], [4, [5, 6]]])', [1, 2, 3, 4, [5, 6]]],
    ['Pick("apple", "cherry", {"apple": 1, "banana": 2, "cherry": 3})', { apple: 1, cherry: 3 }],
    ['Omit("banana", {"apple": 1, "banana": 2, "cherry": 3})', { apple: 1, cherry: 3 }],
    ['conv.Default("default", "")', 'default'],
    ['conv.Default("default", 123)', 123],
    ['conv.Dict("name", "Alice", "age", 30)', { name: 'Alice', age: 30 }],
    ['conv.Has({"apple": 1}, "apple")', true],
    ['matchLabel(labels, "region", "us-*")', true],
    ['matchLabel(labels, "env", "!production")', true],
    ['matchLabel(labels, "optional", "!*")', true],
    ['matchLabel(labels, "env", "dev,staging")', false],
    ['aws.arnToMap("arn:aws:sns:eu-west-1:123:MMS-Topic").region', 'eu-west-1'],
    ["aws.fromAWSMap([{'Name': 'hello', 'Value': 'world'}]).hello", 'world'],
  ])('%s', (expr, expected) => {
    expect(evaluateCel(expr, vars)).toEqual(expected);
  });

  it('refuses a slice outside the list', () => {
    expect(() => evaluateCel('[1, 2].slice(1, 5)', {})).toThrow(/out of range/);
  });
});
