/*
 * Firefox for Android, as the extension's scripts see it: the APIs Android lacks are removed
 * before any of them runs (first in the background's scripts, first in every page). Only in
 * the e2e build .output/firefox-mv2-e2e-android (scripts/e2e-android/android-build.ts), never
 * in a store package.
 *
 * In the background it also keeps what went wrong there: Firefox's driver cannot read the event
 * page's console, so console errors, uncaught exceptions and unhandled rejections are appended
 * to session storage under FAULT_KEY, where the e2e spec reads them.
 */
(() => {
  const ABSENT = ['menus', 'contextMenus', 'commands', 'sidebarAction', 'windows'];
  const FAULT_KEY = 'e2e-android-faults';

  for (const api of [globalThis.browser, globalThis.chrome]) {
    if (api === undefined) continue;
    for (const name of ABSENT) delete api[name];
    if (api.storage !== undefined) delete api.storage.managed;
    // A namespace that cannot be removed would make every check below a lie.
    const left = ABSENT.filter((name) => name in api);
    if (api.storage !== undefined && 'managed' in api.storage) left.push('storage.managed');
    if (left.length > 0) throw new Error(`android shim: could not remove ${left.join(', ')}`);
  }

  if (!location.pathname.includes('_generated_background_page')) return;
  const storage = globalThis.browser.storage.session;
  let writing = Promise.resolve();
  const keep = (text) => {
    writing = writing
      .then(() => storage.get(FAULT_KEY))
      .then((stored) => storage.set({ [FAULT_KEY]: [...(stored[FAULT_KEY] ?? []), text] }));
  };
  const describe = (value) =>
    value instanceof Error ? `${value}\n${value.stack ?? ''}` : String(value);
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    keep(`console.error: ${args.map(describe).join(' ')}`);
    consoleError(...args);
  };
  addEventListener('error', (event) => keep(`uncaught: ${describe(event.error ?? event.message)}`));
  addEventListener('unhandledrejection', (event) => keep(`unhandled: ${describe(event.reason)}`));
})();
