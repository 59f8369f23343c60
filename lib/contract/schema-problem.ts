/**
 * Turns schema validation issues into one short line for the "invalid response" state and the
 * log, e.g. `score: too big (maximum 100)` or `issues[0].tier: expected one of essential, …`.
 *
 * zod/mini ships no locale, so its own messages are all "Invalid input"; loading one would undo
 * the reason for using zod/mini. The few issue codes our schemas can produce are worded here.
 */
import type * as z from 'zod/mini';

/**
 * Describes the first issue and counts the rest. Values from the response are never quoted,
 * only their JSON type, so a long or odd string cannot flood the message.
 */
export function describeSchemaProblem(issues: readonly z.core.$ZodIssue[]): string {
  const [first] = issues;
  if (first === undefined) return 'does not match the contract';
  const line = `${formatPath(first.path)}: ${describeIssue(first)}`;
  const others = issues.length - 1;
  return others > 0 ? `${line} (and ${others} more)` : line;
}

/** `score_breakdown.bonus.points`, `issues[3].tier`; the whole body when the path is empty. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text === '' ? 'body' : text;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // JSON has no undefined, so an undefined input can only be a key that is not there.
      if (issue.input === undefined) return 'missing';
      // Fractions and integers beyond 2^53 are numbers that are not (exact) integers.
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'expected integer';
      // JSON such as 1e999 parses to Infinity, which is a number but no score or count.
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) {
        return 'expected a finite number';
      }
      return `expected ${expectedName(issue.expected)}, got ${jsonType(issue.input)}`;
    case 'too_big':
      return issue.inclusive === false
        ? `too big (must be below ${String(issue.maximum)})`
        : `too big (maximum ${String(issue.maximum)})`;
    case 'too_small':
      return issue.inclusive === false
        ? `too small (must be above ${String(issue.minimum)})`
        : `too small (minimum ${String(issue.minimum)})`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `invalid ${issue.format === 'datetime' ? 'date-time' : issue.format}`;
    case 'custom':
      // The schemas' own checks word their message (zod/mini's default is "Invalid input").
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'invalid value';
    default:
      return 'invalid value';
  }
}

function expectedName(expected: string): string {
  return expected === 'int' ? 'integer' : expected;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
