/**
 * Launches the named browser with the extension loaded, through that browser's driver.
 */
import {
  BROWSER_NAMES,
  type BrowserName,
  type ExtensionBrowser,
  type LaunchOptions,
} from './extension-browser-contract';

export async function launchExtensionBrowser(options: LaunchOptions): Promise<ExtensionBrowser> {
  // Each driver loads its own automation library, and a run drives one browser: the other's
  // library is not loaded at all (every spec file loads its driver afresh).
  if ((options.browserName ?? 'chromium') === 'firefox') {
    const { launchFirefoxExtensionBrowser } = await import('./firefox-extension-browser');
    return launchFirefoxExtensionBrowser(options);
  }
  const { launchChromiumExtensionBrowser } = await import('./chromium-extension-browser');
  return launchChromiumExtensionBrowser(options);
}

/**
 * A browser name as a person types it (`E2E_BROWSER=firefox`, `--browser firefox`): Chromium
 * when none is given, an error naming the choices for one that is not known.
 */
export function browserNameFrom(value: string | undefined): BrowserName {
  const name = (value ?? 'chromium').trim().toLowerCase() || 'chromium';
  if ((BROWSER_NAMES as readonly string[]).includes(name)) return name as BrowserName;
  throw new Error(`Unknown browser "${value}": choose one of ${BROWSER_NAMES.join(', ')}`);
}
