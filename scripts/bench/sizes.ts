/**
 * `npm run bench:sizes`: what each entry's JavaScript is made of. Builds the extension with
 * source maps (`wxt build --mode profile`, production code otherwise: see wxt.config.ts) and
 * prints, per entry, its packages and our own modules by their share of the gzip size.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { profileEntries } from './entry-profile';
import { formatBytes } from './figure-table';
import { budgetFor } from './size-budgets';

const PROFILE_DIR = resolve('.output/chrome-mv3-profile');
const ROWS_PER_ENTRY = 12;

execFileSync('npx', ['wxt', 'build', '--mode', 'profile'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  // Production JSX and dead-code elimination, as in the store build.
  env: { ...process.env, NODE_ENV: 'production' },
});

for (const profile of profileEntries(PROFILE_DIR)) {
  const { budget, goal } = budgetFor(profile.entry);
  const limit = goal === undefined ? `budget ${formatBytes(budget)}` : `goal ${formatBytes(goal)}`;
  process.stdout.write(
    `\n${profile.entry}: ${formatBytes(profile.gzip)} gz, ${formatBytes(profile.raw)} raw (${limit})\n`,
  );
  const rows = [...profile.rows.slice(0, ROWS_PER_ENTRY), profile.ownCode];
  for (const row of rows) {
    const share = ((row.gzip / profile.gzip) * 100).toFixed(0).padStart(3);
    process.stdout.write(
      `  ${formatBytes(row.gzip).padStart(9)} gz ${share}%  ${formatBytes(row.raw).padStart(9)} raw  ${row.module}\n`,
    );
  }
}
process.stdout.write(
  '\nSizes from source maps: gzip shares are proportional (scripts/bench/size-profile.ts).\n',
);
