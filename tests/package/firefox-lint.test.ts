/**
 * Mozilla's add-on linter (web-ext lint, offline) on the Firefox package: what
 * addons.mozilla.org runs on every upload. Errors block a listing; warnings are shown to
 * reviewers and users, so both must be zero.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { zipPathOf } from './support/store-files';

interface LintMessage {
  code: string;
  message: string;
  file?: string;
}

interface LintReport {
  summary: { errors: number; warnings: number; notices: number };
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
  metadata: { id?: string; totalScannedFileSize?: number };
}

function lint(source: string): LintReport {
  const run = spawnSync(
    'npx',
    ['web-ext', 'lint', '--source-dir', source, '--output', 'json', '--no-config-discovery'],
    { encoding: 'utf8' },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`web-ext lint printed no report:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as LintReport;
}

const describeMessages = (messages: LintMessage[]) =>
  messages.map(({ code, message, file }) => `${code}: ${message}${file ? ` (${file})` : ''}`);

describe('web-ext lint on the Firefox package', () => {
  const report = lint(zipPathOf('firefox'));

  it('finds no errors', () => {
    expect(describeMessages(report.errors)).toEqual([]);
  });

  it('finds no warnings', () => {
    expect(describeMessages(report.warnings)).toEqual([]);
  });

  it('has read the package, not an empty one', () => {
    expect(report.metadata.id).toBe('agent-readiness-badge@is-agentic.com');
    expect(report.metadata.totalScannedFileSize).toBeGreaterThan(50_000);
  });
});
