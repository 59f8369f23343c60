/**
 * The previous release's e2e builds, for the update test (tests/e2e/update.spec.ts): the
 * release's sources taken from git (`git archive`, nothing downloaded) into
 * .output/previous-release/<tag>/, its node_modules a link to this checkout's, then built by
 * that release's own `scripts/build-e2e.ts`, with the same reference server address as this
 * checkout's e2e build (E2E_REFERENCE_PORT and E2E_REFUSED_PORT are passed on). A package that
 * release imports and this one no longer ships (ipaddr.js) stays a devDependency for it.
 *
 * `npm run build:e2e` runs it after this checkout's builds. A build already there for the
 * same commit and the same service addresses is kept (a stamp file says what it was built
 * for), so a second run costs nothing. Run directly: `tsx scripts/build-previous-release.ts`.
 *
 * It writes under .output/ only (ignored by git): no tracked file changes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  E2E_REFERENCE_PORT,
  E2E_REFUSED_PORT,
  E2E_REFUSED_SERVICE_BASE_URL,
  E2E_SERVICE_BASE_URL,
} from './e2e-settings';
import {
  PREVIOUS_RELEASE,
  PREVIOUS_RELEASE_BUILD_VARIABLE,
  PREVIOUS_RELEASE_DIR,
} from './previous-release';

const STAMP_FILE = join(PREVIOUS_RELEASE_DIR, 'e2e-build-stamp.json');

/** What a build was made for: a build made for anything else is made again. */
interface BuildStamp {
  commit: string;
  serviceBaseUrl: string;
  refusedServiceBaseUrl: string;
}

const git = (args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The commit of the previous release: the tag's, else the known commit, else a clear error. */
export function previousReleaseCommit(): string {
  for (const revision of [
    `${PREVIOUS_RELEASE.tag}^{commit}`,
    `${PREVIOUS_RELEASE.commit}^{commit}`,
  ]) {
    try {
      return git(['rev-parse', '--verify', '--quiet', revision]);
    } catch {
      // Not in this clone: try the next.
    }
  }
  throw new Error(
    `The previous release is not in this clone: neither the tag ${PREVIOUS_RELEASE.tag} nor ` +
      `the commit ${PREVIOUS_RELEASE.commit} exists. The update test builds it from git: ` +
      `fetch the tag (\`git fetch --tags\`, or unshallow a shallow clone with ` +
      `\`git fetch --unshallow\`).`,
  );
}

function readStamp(): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(STAMP_FILE, 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** The release's e2e builds, one per browser target, are all there. */
function buildsPresent(): boolean {
  const output = join(PREVIOUS_RELEASE_DIR, '.output');
  return ['chrome-mv3-e2e', 'firefox-mv2-e2e'].every((target) =>
    existsSync(join(output, target, 'manifest.json')),
  );
}

/**
 * The service address compiled into a build: its background script names it. Match patterns
 * in the manifest ignore the port, so the manifest alone cannot tell.
 */
function builtFor(buildDir: string, baseUrl: string): boolean {
  const scripts = readdirSync(buildDir).filter((name) => name.endsWith('.js'));
  const chunks = existsSync(join(buildDir, 'chunks'))
    ? readdirSync(join(buildDir, 'chunks')).map((name) => join('chunks', name))
    : [];
  return [...scripts, ...chunks].some((name) =>
    readFileSync(join(buildDir, name), 'utf8').includes(baseUrl),
  );
}

export function buildPreviousRelease(): string {
  const commit = previousReleaseCommit();
  const wanted: BuildStamp = {
    commit,
    serviceBaseUrl: E2E_SERVICE_BASE_URL,
    refusedServiceBaseUrl: E2E_REFUSED_SERVICE_BASE_URL,
  };
  const stamp = readStamp();
  if (
    stamp !== null &&
    stamp.commit === wanted.commit &&
    stamp.serviceBaseUrl === wanted.serviceBaseUrl &&
    stamp.refusedServiceBaseUrl === wanted.refusedServiceBaseUrl &&
    buildsPresent()
  ) {
    console.log(
      `Previous release ${PREVIOUS_RELEASE.tag} (${commit.slice(0, 7)}): e2e build for ` +
        `${E2E_SERVICE_BASE_URL} already in ${PREVIOUS_RELEASE_DIR}`,
    );
    return PREVIOUS_RELEASE_DIR;
  }

  console.log(
    `Previous release ${PREVIOUS_RELEASE.tag} (${commit.slice(0, 7)}): building its e2e ` +
      `extension for ${E2E_SERVICE_BASE_URL} in ${PREVIOUS_RELEASE_DIR}`,
  );
  rmSync(PREVIOUS_RELEASE_DIR, { recursive: true, force: true });
  mkdirSync(PREVIOUS_RELEASE_DIR, { recursive: true });
  // The release's tracked files, as they were at its commit.
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', PREVIOUS_RELEASE_DIR], { input: archive });
  // This checkout's packages: nothing is installed or downloaded for the release.
  symlinkSync(realpathSync('node_modules'), join(PREVIOUS_RELEASE_DIR, 'node_modules'), 'dir');

  // Built as that release builds its own e2e extension, by its own script. Its output is
  // shown only if it fails: the old release's build says things (warnings it has since
  // fixed) that are no concern of this checkout's.
  const build = spawnSync('npx', ['tsx', 'scripts/build-e2e.ts'], {
    cwd: PREVIOUS_RELEASE_DIR,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      E2E_REFERENCE_PORT: String(E2E_REFERENCE_PORT),
      E2E_REFUSED_PORT: String(E2E_REFUSED_PORT),
      // A release that builds its own previous release would otherwise build that one too.
      [PREVIOUS_RELEASE_BUILD_VARIABLE]: '1',
    },
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    throw new Error(`Building ${PREVIOUS_RELEASE.tag} failed (exit ${build.status})`);
  }
  if (!buildsPresent()) {
    throw new Error(`The build of ${PREVIOUS_RELEASE.tag} left no e2e extension behind`);
  }
  for (const target of ['chrome-mv3-e2e', 'firefox-mv2-e2e']) {
    const dir = join(PREVIOUS_RELEASE_DIR, '.output', target);
    if (!builtFor(dir, E2E_SERVICE_BASE_URL)) {
      throw new Error(`${dir} was not built for ${E2E_SERVICE_BASE_URL}`);
    }
  }
  writeFileSync(STAMP_FILE, `${JSON.stringify(wanted, null, 2)}\n`);
  return PREVIOUS_RELEASE_DIR;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildPreviousRelease();
}
