/**
 * Adds up every test run of `npm test` (unit and component, e2e) from the JSON reports the
 * Vitest configs write, and prints one line: `N passed, N failed` (`, N skipped` if any, and the
 * failed suites, files and describe blocks, where any failed: one can fail before its tests run,
 * a world that did not start, and leave them skipped rather than failed).
 * A run that never started (say, the type check failed first) simply has no report.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

const REPORT_DIR = '.test-results';
const reports = existsSync(REPORT_DIR)
  ? readdirSync(REPORT_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(REPORT_DIR, name), 'utf8')) as VitestJsonReport)
  : [];

const sum = (pick: (report: VitestJsonReport) => number) =>
  reports.reduce((total, report) => total + pick(report), 0);
const passed = sum((report) => report.numPassedTests);
const failed = sum((report) => report.numFailedTests);
const skipped = sum((report) => report.numPendingTests + report.numTodoTests);

const failedSuites = sum((report) => report.numFailedTestSuites ?? 0);

console.log(
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}` +
    (failedSuites > 0 ? ` (failed suites: ${failedSuites})` : ''),
);
