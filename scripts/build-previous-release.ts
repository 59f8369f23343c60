/**
 * The previous release's e2e builds, for the update test (tests/e2e/update.spec.ts): the
 * release's sources taken from git (`git archive`, nothing downloaded) into
 * .output/previous-release/<tag>/<browser>/, its node_modules a link to this checkout's, then
 * built by that release's own `scripts/build-e2e.ts`, once per browser: each browser's suite
 * has a reference server of its own (scripts/e2e-settings.ts), and that release built both
 * browsers for one address (E2E_REFERENCE_PORT and E2E_REFUSED_PORT are passed on). A package that
 * release imports and this one no longer ships (ipaddr.js, zod) stays a devDependency for it.
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
import { BROWSER_NAMES, type BrowserName } from '../extension-browser/extension-browser';
import {
  BUILD_TARGET,
  E2E_REFUSED_PORT,
  E2E_REFUSED_SERVICE_BASE_URL,
  e2eReferencePort,
  e2eServiceBaseUrl,
} from './e2e-settings';
import {
  PREVIOUS_RELEASE,
  PREVIOUS_RELEASE_BUILD_VARIABLE,
  previousReleaseDir,
} from './previous-release';

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

function readStamp(stampFile: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
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

/** The release's e2e build for `browser`, built against that browser's reference server. */
export function buildPreviousRelease(browser: BrowserName): string {
  const dir = previousReleaseDir(browser);
  const stampFile = join(dir, 'e2e-build-stamp.json');
  const buildDir = join(dir, '.output', `${BUILD_TARGET[browser]}-e2e`);
  const serviceBaseUrl = e2eServiceBaseUrl(browser);
  const commit = previousReleaseCommit();
  const wanted: BuildStamp = {
    commit,
    serviceBaseUrl,
    refusedServiceBaseUrl: E2E_REFUSED_SERVICE_BASE_URL,
  };
  const stamp = readStamp(stampFile);
  if (
    stamp !== null &&
    stamp.commit === wanted.commit &&
    stamp.serviceBaseUrl === wanted.serviceBaseUrl &&
    stamp.refusedServiceBaseUrl === wanted.refusedServiceBaseUrl &&
    existsSync(join(buildDir, 'manifest.json'))
  ) {
    console.log(
      `Previous release ${PREVIOUS_RELEASE.tag} (${commit.slice(0, 7)}): e2e build for ` +
        `${serviceBaseUrl} already in ${dir}`,
    );
    return dir;
  }

  console.log(
    `Previous release ${PREVIOUS_RELEASE.tag} (${commit.slice(0, 7)}): building its e2e ` +
      `extension for ${serviceBaseUrl} in ${dir}`,
  );
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The release's tracked files, as they were at its commit.
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // This checkout's packages: nothing is installed or downloaded for the release.
  symlinkSync(realpathSync('node_modules'), join(dir, 'node_modules'), 'dir');

  // Built as that release builds its own e2e extension, by its own script. Its output is
  // shown only if it fails: the old release's build says things (warnings it has since
  // fixed) that are no concern of this checkout's.
  const build = spawnSync('npx', ['tsx', 'scripts/build-e2e.ts'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      E2E_REFERENCE_PORT: String(e2eReferencePort(browser)),
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
  if (!existsSync(join(buildDir, 'manifest.json'))) {
    throw new Error(`The build of ${PREVIOUS_RELEASE.tag} left no e2e extension in ${buildDir}`);
  }
  if (!builtFor(buildDir, serviceBaseUrl)) {
    throw new Error(`${buildDir} was not built for ${serviceBaseUrl}`);
  }
  writeFileSync(stampFile, `${JSON.stringify(wanted, null, 2)}\n`);
  return dir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const browser of BROWSER_NAMES) buildPreviousRelease(browser);
}
