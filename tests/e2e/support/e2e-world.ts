/**
 * What every e2e spec runs against: the reference server on the port the e2e build points
 * at, the sample-site server, and the run's browser (E2E_BROWSER) with the built extension.
 */

import {
  type ExtensionBrowser,
  launchExtensionBrowser,
} from '../../../extension-browser/extension-browser';
import type { ManagedPolicyData } from '../../../extension-browser/managed-policy';
import {
  type SampleSiteServer,
  startSampleSiteServer,
} from '../../../reference-server/sample-site-server';
import {
  type ReferenceServer,
  type ReferenceServerOptions,
  startReferenceServer,
} from '../../../reference-server/server';
import {
  E2E_BROWSER,
  E2E_EXTENSION_DIR,
  E2E_HEADLESS,
  E2E_REFERENCE_PORT,
  e2eBrowserPath,
} from '../../../scripts/e2e-settings';

export interface E2eWorld {
  service: ReferenceServer;
  sites: SampleSiteServer;
  browser: ExtensionBrowser;
  close(): Promise<void>;
}

export interface E2eWorldOptions {
  /**
   * Whether the user has already said yes to automatic lookups, as most specs assume; specs
   * about consent itself start without it.
   */
  automaticLookups?: boolean;
  /** Loaded so that a test can reload it in place (ExtensionBrowser.replaceExtension). */
  replaceable?: boolean;
  /** The administrator's policy the browser starts with (LaunchOptions.policy). */
  policy?: ManagedPolicyData;
  /** Another build than the run's e2e build, e.g. Firefox's as Android runs it. */
  extensionDir?: string;
  /** WebMCP on, for these origins taken as secure (LaunchOptions.webmcp). */
  webmcp?: { secureOrigins: string[] };
}

export async function startE2eWorld(
  serverOptions: Omit<ReferenceServerOptions, 'port'> = {},
  {
    automaticLookups = true,
    replaceable = false,
    policy,
    extensionDir = E2E_EXTENSION_DIR,
    webmcp,
  }: E2eWorldOptions = {},
): Promise<E2eWorld> {
  const service = await startReferenceServer({ ...serverOptions, port: E2E_REFERENCE_PORT });
  const started: { close(): Promise<unknown> }[] = [service];
  // A world that fails to start closes what it started: the next spec file needs the port.
  const closeAll = async () => {
    for (const part of [...started].reverse()) await part.close();
  };
  try {
    const sites = await startSampleSiteServer();
    started.push(sites);
    const browser = await launchExtensionBrowser({
      browserName: E2E_BROWSER,
      executablePath: e2eBrowserPath(),
      extensionDir,
      sitesPort: sites.port,
      headless: E2E_HEADLESS,
      replaceable,
      ...(policy === undefined ? {} : { policy }),
      ...(webmcp === undefined ? {} : { webmcp }),
    });
    started.push(browser);
    if (automaticLookups) {
      await browser.acceptAutomaticLookups();
    }
    return { service, sites, browser, close: closeAll };
  } catch (error) {
    for (const part of [...started].reverse()) await part.close().catch(() => undefined);
    throw error;
  }
}
