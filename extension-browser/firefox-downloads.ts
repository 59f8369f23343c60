/**
 * Real downloads in the Firefox driver: Firefox saves every download, without asking, into a
 * folder of the test run's own, and the driver waits there for the finished file.
 *
 * Firefox 153 ESR's WebDriver BiDi has no `browser.setDownloadBehavior`, so the folder is set
 * through the profile's prefs. A download in progress is written to `<name>.part` and moved
 * over `<name>` when it is done (Firefox may reserve `<name>` empty meanwhile): a new file
 * with content and no `.part` beside it is a finished download.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const IN_PROGRESS_SUFFIX = '.part';

export class FirefoxDownloadFolder {
  readonly path = mkdtempSync(join(tmpdir(), 'arb-firefox-downloads-'));

  /** Prefs that send every download straight to this folder, with no dialog or panel. */
  prefs(): Record<string, unknown> {
    return {
      // 2: the folder in browser.download.dir rather than the desktop or Downloads.
      'browser.download.folderList': 2,
      'browser.download.dir': this.path,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      // The downloads panel would take the focus from the page that started the download.
      'browser.download.alwaysOpenPanel': false,
    };
  }

  /**
   * Runs `action` (a click that starts a download) and resolves to the path of the file it
   * saved, once that file is complete.
   */
  async fileSavedBy(action: () => Promise<unknown>, timeoutMs = 15_000): Promise<string> {
    const before = new Set(readdirSync(this.path));
    await action();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const saved = this.#finishedSince(before);
      if (saved) return join(this.path, saved);
      if (Date.now() > deadline) {
        throw new Error(`No finished download in ${this.path} (it has ${readdirSync(this.path)})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  #finishedSince(before: ReadonlySet<string>): string | undefined {
    const names = readdirSync(this.path);
    return names.find(
      (name) =>
        !before.has(name) &&
        !name.endsWith(IN_PROGRESS_SUFFIX) &&
        !names.includes(`${name}${IN_PROGRESS_SUFFIX}`) &&
        statSync(join(this.path, name)).size > 0,
    );
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}
