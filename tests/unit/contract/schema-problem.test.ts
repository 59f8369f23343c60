import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jsonNumber, jsonObject } from '../../../lib/contract/json-schemas';
import { describeSchemaProblem, formatPath } from '../../../lib/contract/schema-problem';

function problemFor(schema: v.GenericSchema, value: unknown): string {
  const result = v.safeParse(schema, value);
  if (result.success) throw new Error('expected the value to be refused');
  return describeSchemaProblem(result.issues);
}

describe('formatPath', () => {
  it.each<[PropertyKey[], string]>([
    [[], 'body'],
    [['score'], 'score'],
    [['score_breakdown', 'bonus', 'points'], 'score_breakdown.bonus.points'],
    [['issues', 3, 'tier'], 'issues[3].tier'],
    [[0], '[0]'],
  ])('writes %j as %s', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});

describe('describeSchemaProblem', () => {
  it.each<[string, v.GenericSchema, unknown, string]>([
    ['a missing key', v.object({ a: v.string() }), {}, 'a: missing'],
    ['a wrong type', v.object({ a: jsonNumber() }), { a: '1' }, 'a: expected number, got string'],
    ['null for a string', v.object({ a: v.string() }), { a: null }, 'a: expected string, got null'],
    ['null for an object', v.object({}), null, 'body: expected object, got null'],
    ['a string for an array', v.array(v.string()), 'a', 'body: expected array, got string'],
    [
      'an array for an object',
      v.pipe(jsonObject(), v.object({})),
      [],
      'body: expected object, got array',
    ],
    ['above a maximum', v.pipe(jsonNumber(), v.maxValue(100)), 101, 'body: too big (maximum 100)'],
    ['below a minimum', v.pipe(jsonNumber(), v.minValue(0)), -1, 'body: too small (minimum 0)'],
    ['a value outside an enum', v.picklist(['a', 'b']), 'c', 'body: expected one of a, b'],
    [
      'an infinite number',
      v.pipe(jsonNumber(), v.maxValue(100)),
      Number.POSITIVE_INFINITY,
      'body: expected a finite number',
    ],
    [
      'a custom check with its own message',
      v.pipe(
        v.string(),
        v.check(() => false, 'invalid date-time'),
      ),
      'x',
      'body: invalid date-time',
    ],
    [
      'a custom check without a message',
      v.pipe(
        v.string(),
        v.check(() => false),
      ),
      'x',
      'body: invalid value',
    ],
    ['a custom type without a message', v.custom(() => false), 'x', 'body: invalid value'],
    [
      'several issues',
      v.object({ a: v.string(), b: v.string(), c: v.string() }),
      { a: 1 },
      'a: expected string, got number (and 2 more)',
    ],
  ])('describes %s', (_case, schema, value, expected) => {
    expect(problemFor(schema, value)).toBe(expected);
  });

  it('never quotes the offending value', () => {
    const secretish = 'x'.repeat(10_000);
    const problem = problemFor(v.object({ a: jsonNumber() }), { a: secretish });
    expect(problem).not.toContain('xxx');
    expect(problem.length).toBeLessThan(100);
  });

  it('has a fallback for an empty list', () => {
    expect(describeSchemaProblem([])).toBe('does not match the contract');
  });
});
