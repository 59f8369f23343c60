/**
 * A profile for each Firefox launch, copied from one that has started once.
 *
 * A new profile spends seconds on its first start (its databases, the built-in add-ons, the
 * startup cache) and on its first page; every spec launches its own browser, so that cost
 * came once per spec. A copy of a profile that has already started skips it, and each launch
 * still gets a profile of its own that nothing else has touched: the extension is installed
 * into the copy, never into the started one.
 *
 * The started profile is made on first use for each Firefox build (its path, size and time)
 * and each set of launch preferences, and kept in the system's temp folder, so every spec of
 * a run, and later runs, share it.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Left by a browser that is running or did not close cleanly: never copied. */
const NOT_COPIED = new Set(['lock', '.parentlock']);

export interface StartedProfileOptions {
  executablePath: string;
  /** The preferences every launch sets: a change to them makes a new started profile. */
  prefs: Record<string, unknown>;
  /**
   * Starts and closes that Firefox on the folder it is given, with those preferences; runs
   * only when no started profile exists yet for this build and these preferences.
   */
  startOnce: (profileDir: string) => Promise<void>;
}

/** A new profile folder for one launch of Firefox. */
export async function startedProfileCopy({
  executablePath,
  prefs,
  startOnce,
}: StartedProfileOptions): Promise<string> {
  const key = profileKey(executablePath, prefs);
  const started = join(tmpdir(), `arb-firefox-started-profile-${key}`);
  if (!existsSync(started)) {
    const making = mkdtempSync(join(tmpdir(), 'arb-firefox-starting-profile-'));
    try {
      await startOnce(making);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      throw error;
    }
    try {
      renameSync(making, started);
    } catch {
      // Another run made it first: theirs is as good.
      rmSync(making, { recursive: true, force: true });
    }
  }
  const copy = mkdtempSync(join(tmpdir(), 'arb-firefox-profile-'));
  cpSync(started, copy, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(basename(source)),
  });
  return copy;
}

/**
 * Names a Firefox build and its preferences: an update in place changes the executable's size
 * or time.
 */
function profileKey(executablePath: string, prefs: Record<string, unknown>): string {
  const executable = realpathSync(executablePath);
  const { size, mtimeMs } = statSync(executable);
  return createHash('sha256')
    .update(JSON.stringify([executable, size, mtimeMs, prefs]))
    .digest('hex')
    .slice(0, 16);
}
