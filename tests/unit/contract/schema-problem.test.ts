import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { describeSchemaProblem, formatPath } from '../../../lib/contract/schema-problem';

function problemFor(schema: z.ZodMiniType, value: unknown): string {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected the value to be refused');
  return describeSchemaProblem(result.error.issues);
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
  it.each<[string, z.ZodMiniType, unknown, string]>([
    ['a missing key', z.object({ a: z.string() }), {}, 'a: missing'],
    ['a wrong type', z.object({ a: z.number() }), { a: '1' }, 'a: expected number, got string'],
    ['null for a string', z.object({ a: z.string() }), { a: null }, 'a: expected string, got null'],
    ['an array for an object', z.object({}), [], 'body: expected object, got array'],
    ['above a maximum', z.number().check(z.lte(100)), 101, 'body: too big (maximum 100)'],
    ['below a minimum', z.number().check(z.gte(0)), -1, 'body: too small (minimum 0)'],
    ['a value outside an enum', z.enum(['a', 'b']), 'c', 'body: expected one of a, b'],
    ['an infinite number', z.number(), Number.POSITIVE_INFINITY, 'body: expected a finite number'],
    [
      'a custom check with its own message',
      z.string().check(z.refine(() => false, { error: 'invalid date-time' })),
      'x',
      'body: invalid date-time',
    ],
    [
      'a custom check without a message',
      z.string().check(z.refine(() => false)),
      'x',
      'body: invalid value',
    ],
    [
      'several issues',
      z.object({ a: z.string(), b: z.string(), c: z.string() }),
      { a: 1 },
      'a: expected string, got number (and 2 more)',
    ],
  ])('describes %s', (_case, schema, value, expected) => {
    expect(problemFor(schema, value)).toBe(expected);
  });

  it('never quotes the offending value', () => {
    const secretish = 'x'.repeat(10_000);
    const problem = problemFor(z.object({ a: z.number() }), { a: secretish });
    expect(problem).not.toContain('xxx');
    expect(problem.length).toBeLessThan(100);
  });

  it('has a fallback for an empty list', () => {
    expect(describeSchemaProblem([])).toBe('does not match the contract');
  });
});
