/** valibot's messages quote the value and are English only: issues are worded here. */
import type * as v from 'valibot';

type Issue = v.BaseIssue<unknown>;

/** `score: too big (maximum 100) (and 2 more)`; values are never quoted, so none floods it. */
export function describeSchemaProblem(issues: readonly Issue[]): string {
  const [first] = issues;
  if (first === undefined) return 'does not match the contract';
  const line = `${formatPath(first.path?.map((item) => item.key) ?? [])}: ${describeIssue(first)}`;
  const others = issues.length - 1;
  return others > 0 ? `${line} (and ${others} more)` : line;
}

/** `score_breakdown.bonus.points`, `issues[3].tier`; `body` for an empty path. */
export function formatPath(path: readonly unknown[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text === '' ? 'body' : text;
}

/** A schema's own message; null for valibot's, which start `Invalid ` and quote the value. */
const ownMessage = ({ message }: Issue) => (message.startsWith('Invalid ') ? null : message);

function describeIssue(issue: Issue): string {
  if (issue.kind === 'schema') return describeType(issue);
  switch (issue.type) {
    case 'max_value':
    case 'max_length':
      return `too big (maximum ${String(issue.requirement)})`;
    case 'min_value':
    case 'min_length':
      return `too small (minimum ${String(issue.requirement)})`;
    default:
      return ownMessage(issue) ?? 'invalid value';
  }
}

/** A value not of the schema's type. */
function describeType(issue: Issue): string {
  const { input } = issue;
  // JSON has no undefined, so an undefined input can only be a key that is not there.
  if (input === undefined) return 'missing';
  // `("essential" | "bonus")`, as valibot writes a picklist's options.
  if (issue.type === 'picklist') {
    return `expected one of ${issue.expected?.replace(/^\(|\)$|"/g, '').replaceAll(' | ', ', ')}`;
  }
  // JSON such as 1e999 parses to Infinity, which is a number but no score or count.
  if (typeof input === 'number' && !Number.isFinite(input)) return 'expected a finite number';
  const jsonType = input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input;
  // valibot writes JSON's `object` and `array` capitalised; a custom schema (json-schemas.ts)
  // names its type in its message.
  const expected = issue.type === 'custom' ? ownMessage(issue) : issue.expected?.toLowerCase();
  return expected ? `expected ${expected}, got ${jsonType}` : 'invalid value';
}
