/**
 * Launches the named browser with the extension loaded, through that browser's driver.
 */
import { launchChromiumExtensionBrowser } from './chromium-extension-browser';
import {
  BROWSER_NAMES,
  type BrowserName,
  type ExtensionBrowser,
  type LaunchOptions,
} from './extension-browser-contract';
import { launchFirefoxExtensionBrowser } from './firefox-extension-browser';

export function launchExtensionBrowser(options: LaunchOptions): Promise<ExtensionBrowser> {
  return (options.browserName ?? 'chromium') === 'firefox'
    ? launchFirefoxExtensionBrowser(options)
    : launchChromiumExtensionBrowser(options);
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
