/**
 * `npm run check:dates` (part of `npm test`): no test turns on today's date. A calendar date
 * written into a test, a fixture or the reference server is a time bomb when something
 * compares it with the clock: a report "scanned 3 days ago" today says "last week" next week.
 * Fixtures are dated as ages before a clock instead (reference-server/fixtures/scan-times.ts),
 * and a test that needs an exact day fixes its clock and passes it in.
 *
 * The check reads every file under tests/, reference-server/, scripts/ and extension-browser/
 * and fails on each absolute date of this century it finds — ISO form (year-month-day, with
 * or without a time), or a year given to Date.UTC or new Date — unless it is explained:
 *
 * - on its line, or in the comment lines directly above it, a comment says `fixed date:`
 *   and why the date is fixed (a clock the test passes in, data only ever parsed or
 *   formatted, a past event);
 * - or the file says `fixed dates:` and why in a comment within its first 15 lines, for a
 *   file that is all such data (a date parser's cases).
 *
 * The rule reads the text alone, never the clock, so it passes or fails the same on any day.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** The folders read, from the repository's root. */
export const CHECKED_FOLDERS = ['tests', 'reference-server', 'scripts', 'extension-browser'];

/** How many lines from a file's top a `fixed dates:` comment may sit. */
export const FILE_MARKER_LINES = 15;

/** 20YY-MM-DD not inside a longer number; a year given to Date.UTC( or new Date(. */
const DATE_PATTERNS = [
  /(?<![\d])20\d\d-[01]\d-[0-3]\d(?!\d)/g,
  /\b(?:Date\.UTC|new Date)\(\s*20\d\d(?!\d)/g,
];

/** A comment saying `fixed date:` (or `fixed dates:`) and then something: the reason. */
const lineMarker = /(?:\/\/|\/\*|^\s*\*|^\s*#).*\bfixed date:\s*\S/i;
const fileMarker = /(?:\/\/|\/\*|^\s*\*|^\s*#).*\bfixed dates:\s*\S/i;
/** A line that is only comment: `//`, a block comment's lines, `#`. */
const commentLine = /^\s*(?:\/\/|\/\*|\*|#)|\*\/\s*$/;

export interface DateProblem {
  file: string;
  line: number;
  date: string;
}

/** The unexplained dates of one file's text. */
export function unexplainedDates(file: string, text: string): DateProblem[] {
  const lines = text.split('\n');
  if (lines.slice(0, FILE_MARKER_LINES).some((line) => fileMarker.test(line))) return [];
  const problems: DateProblem[] = [];
  lines.forEach((line, index) => {
    const dates = DATE_PATTERNS.flatMap((pattern) =>
      [...line.matchAll(pattern)].map((match) => match[0]),
    );
    if (dates.length === 0 || explained(lines, index)) return;
    for (const date of dates) problems.push({ file, line: index + 1, date });
  });
  return problems;
}

/** Whether line `index`, or the run of comment lines right above it, has the marker. */
function explained(lines: readonly string[], index: number): boolean {
  if (lineMarker.test(lines[index] ?? '')) return true;
  for (let above = index - 1; above >= 0; above--) {
    const line = lines[above] ?? '';
    if (!commentLine.test(line)) return false;
    if (lineMarker.test(line)) return true;
  }
  return false;
}

/** Every file's text under the given folders, path (from the root) → text; binary files left out. */
export function readTexts(root: string, folders: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = posix.join(dir, name);
      if (statSync(join(root, path)).isDirectory()) {
        walk(path);
        continue;
      }
      const text = readFileSync(join(root, path), 'utf8');
      if (!text.includes('\0')) texts.set(path, text);
    }
  };
  for (const folder of folders) walk(folder);
  return texts;
}

/** Checks a set of texts (path → text). */
export function checkDates(texts: ReadonlyMap<string, string>): DateProblem[] {
  return [...texts].flatMap(([file, text]) => unexplainedDates(file, text));
}

if (process.argv[1] === import.meta.filename) {
  const texts = readTexts(process.cwd(), CHECKED_FOLDERS);
  const problems = checkDates(texts);
  for (const { file, line, date } of problems) {
    console.error(`✗ ${file}:${line}: ${date} is a fixed date with no reason given`);
  }
  if (problems.length > 0) {
    console.error(
      `${problems.length} unexplained date(s). Date a fixture as an age before the clock the test uses (reference-server/fixtures/scan-times.ts), or, if the date is right fixed (a clock the test passes in, data never compared with the clock), say why in a comment on or just above its line: // fixed date: <why>. The rule is in scripts/check-dates.ts.`,
    );
    process.exit(1);
  }
  console.log(
    `OK: every fixed date explained, ${texts.size} files under ${CHECKED_FOLDERS.join('/, ')}/`,
  );
}
