/**
 * The three files `npm run zip` makes for the stores: the Chrome and Firefox packages hold
 * the build and nothing else; the Firefox sources package holds what a reviewer needs to
 * rebuild it (build/store-packages.ts), and a build from it alone is byte-identical.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCES_INCLUDED } from '../../build/store-packages';
import { BUILD_DIRS, entriesOf, zipPathOf } from './support/store-files';

/** Every file under a directory, as relative paths with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const namesOf = (kind: 'chrome' | 'firefox' | 'sources') =>
  entriesOf(kind)
    .map((entry) => entry.name)
    .sort();

/** What a browser package may hold: the build's pages, scripts, styles, icons, manifest. */
const PACKAGE_FILE =
  /^(manifest\.json|managed-schema\.json|background\.js|[\w-]+\.html|chunks\/[\w-]+\.js|assets\/[\w-]+\.css|icon\/(16|32|48|96|128)\.png|_locales\/[\w-]+\/messages\.json)$/;

describe.each(['chrome', 'firefox'] as const)('the %s package', (kind) => {
  const names = namesOf(kind);

  it('holds exactly the build, file for file', () => {
    expect(names).toEqual(filesUnder(BUILD_DIRS[kind]));
    for (const entry of entriesOf(kind)) {
      const built = readFileSync(join(BUILD_DIRS[kind], entry.name));
      expect(entry.read().equals(built), entry.name).toBe(true);
    }
  });

  it('holds only pages, scripts, styles, icons, messages, the manifest and the policy schema: no source maps, no sources', () => {
    expect(names.filter((name) => !PACKAGE_FILE.test(name))).toEqual([]);
    for (const required of ['manifest.json', 'background.js', 'popup.html', 'sidepanel.html']) {
      expect(names).toContain(required);
    }
  });

  // The background, the popup and the sites page (each built on its own) and the other pages'
  // shared chunk each carry valibot for the record schemas, two locales carry every message,
  // tldts carries the whole Public Suffix List (one chunk, loaded by a page only when it asks
  // for a domain), Check now's probes with their readers of robots.txt, HTML and markdown come
  // three times, in the popup's build, in the sites page's script and in the other pages' build
  // (loaded on a click), and its verdicts and reasons are messages in both locales. The sites page carries its own copy of what it shares
  // with the other pages, so that it opens without waiting for their chunks.
  it('stays small', () => {
    expect(readFileSync(zipPathOf(kind)).length).toBeLessThan(320_000);
  });
});

/** Whether a path falls under one of SOURCES_INCLUDED (an exact path or `dir/**`). */
function isIncludedSource(path: string): boolean {
  return SOURCES_INCLUDED.some((pattern) => {
    if (pattern.endsWith('/**')) return path.startsWith(pattern.slice(0, -2));
    if (/[*?[{]/.test(pattern)) throw new Error(`Unsupported pattern in the test: ${pattern}`);
    return path === pattern;
  });
}

/** The repository's files as git sees them: tracked, or new and not ignored. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path !== '')
    .sort();
}

/**
 * This process's environment without what Vitest adds: a reviewer's shell has no
 * NODE_ENV=test, and the build's output depends on it.
 */
function reviewerEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
    ),
  );
}

describe('the Firefox sources package', () => {
  const names = namesOf('sources');
  const scratch = mkdtempSync(join(tmpdir(), 'arb-sources-'));

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('holds every repository file the list includes, and only those', () => {
    const expected = repositoryFiles().filter(isIncludedSource);
    expect(names).toEqual(expected);
  });

  it('holds the build instructions, the lockfile and the build configuration', () => {
    for (const required of [
      'README.md',
      'docs/releasing.md',
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
    ]) {
      expect(names).toContain(required);
    }
  });

  it('holds no tests, test output, screenshots, build output, dependencies or dot files', () => {
    const unwanted = names.filter((name) =>
      /^(tests|\.output|\.test-results|node_modules|\.wxt|\.ci|\.git)(\/|$)|(^|\/)\.|screenshot/i.test(
        name,
      ),
    );
    expect(unwanted).toEqual([]);
  });

  it('rebuilds, on its own, the Firefox package byte for byte', () => {
    for (const entry of entriesOf('sources')) {
      const target = join(scratch, entry.name);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, entry.read());
    }
    // The reviewer's `npm ci`, without the download: the same installed packages.
    symlinkSync(resolve('node_modules'), join(scratch, 'node_modules'), 'dir');
    const build = spawnSync('npx', ['wxt', 'build', '-b', 'firefox'], {
      cwd: scratch,
      encoding: 'utf8',
      env: reviewerEnvironment(),
    });
    expect(build.status, build.stderr).toBe(0);

    const rebuilt = join(scratch, '.output/firefox-mv2');
    expect(filesUnder(rebuilt)).toEqual(namesOf('firefox'));
    for (const entry of entriesOf('firefox')) {
      expect(readFileSync(join(rebuilt, entry.name)).equals(entry.read()), entry.name).toBe(true);
    }
  });
});
