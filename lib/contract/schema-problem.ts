/** zod/mini ships no locale (all its messages are "Invalid input"): issues are worded here. */
import type * as z from 'zod/mini';

/** `score: too big (maximum 100) (and 2 more)`; values are never quoted, so none floods it. */
export function describeSchemaProblem(issues: readonly z.core.$ZodIssue[]): string {
  const [first] = issues;
  if (first === undefined) return 'does not match the contract';
  const line = `${formatPath(first.path)}: ${describeIssue(first)}`;
  const others = issues.length - 1;
  return others > 0 ? `${line} (and ${others} more)` : line;
}

/** `score_breakdown.bonus.points`, `issues[3].tier`; `body` for an empty path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text === '' ? 'body' : text;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const { input } = issue;
  const jsonType = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
  switch (issue.code) {
    case 'invalid_type':
      // JSON has no undefined, so an undefined input can only be a key that is not there.
      if (issue.input === undefined) return 'missing';
      // JSON such as 1e999 parses to Infinity, which is a number but no score or count.
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) {
        return 'expected a finite number';
      }
      return `expected ${issue.expected}, got ${jsonType}`;
    case 'too_big':
      return `too big (maximum ${String(issue.maximum)})`;
    case 'too_small':
      return `too small (minimum ${String(issue.minimum)})`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'custom':
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'invalid value';
    default:
      return 'invalid value';
  }
}
