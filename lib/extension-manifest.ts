/**
 * The manifest keys wxt.config.ts hands to WXT, per browser and manifest version; WXT adds what
 * it derives from the entrypoints and the version. Every permission here has a row in
 * docs/user-guide.md's Permissions table and a justification in STORE.md.
 */
import type { UserManifest } from 'wxt';
import { hostPermissionFor } from './contract/service-base-url';

/** The enterprise policy's schema (public/managed-schema.json), read by Chrome. */
export const MANAGED_SCHEMA_FILE = 'managed-schema.json';

/** "readiness": not among Chrome's or Firefox's documented shortcuts; users can change it. */
export const OPEN_POPUP_SHORTCUT = 'Alt+Shift+R';

/** Can never change once the add-on is listed: addons.mozilla.org matches updates by it. */
export const FIREFOX_ADDON_ID = 'agent-readiness-badge@is-agentic.com';

/**
 * Firefox 140 (desktop, the current ESR) and 142 (Android) are the first to read
 * `data_collection_permissions`, which addons.mozilla.org requires of new add-ons.
 */
export const FIREFOX_MIN_VERSION = '140.0';
export const FIREFOX_ANDROID_MIN_VERSION = '142.0';

/** API permissions asked for when a feature first needs them (`notifications`: watching). */
const OPTIONAL_API_PERMISSIONS = ['notifications'];
/** Hosts a user's own service base URL may be on, asked for one at a time. */
const USER_SERVICE_HOSTS = ['http://*/*', 'https://*/*'];

export function extensionManifest({
  browser,
  manifestVersion,
  serviceBaseUrl,
  optionalApisGrantedAtInstall = false,
  hostsGrantedAtInstall = [],
}: {
  browser: string;
  manifestVersion: 2 | 3;
  serviceBaseUrl: string;
  /** For the Chrome e2e builds only: headless Chromium's permission prompt has no answer. */
  optionalApisGrantedAtInstall?: boolean;
  /** For Chrome builds that drive headless Chromium only: the sample sites "Check now" reads. */
  hostsGrantedAtInstall?: readonly string[];
}): UserManifest {
  const mv3 = manifestVersion === 3;
  return {
    // From `locales/` (extension.json, options.json), in the browser's language.
    name: '__MSG_extensionName__',
    description: '__MSG_extensionDescription__',
    default_locale: 'en',
    // WXT adds `sidePanel` (Chrome) with its entrypoint; Firefox's sidebar needs none.
    permissions: [
      'alarms',
      'storage',
      'tabs',
      'contextMenus',
      // This page (Check now): a script is put in the tab's page on the click, on the one host
      // the click was granted; it has no effect on any other.
      'scripting',
      ...(optionalApisGrantedAtInstall ? OPTIONAL_API_PERMISSIONS : []),
    ],
    host_permissions: [hostPermissionFor(serviceBaseUrl), ...hostsGrantedAtInstall],
    // Nothing optional is granted until the feature asks (lib/settings/service-base-url-choice.ts
    // for a service base URL); MV3 keeps hosts and API permissions apart, MV2 has one key.
    ...((mv3
      ? {
          optional_host_permissions: USER_SERVICE_HOSTS,
          optional_permissions: OPTIONAL_API_PERMISSIONS,
        }
      : {
          optional_permissions: [...USER_SERVICE_HOSTS, ...OPTIONAL_API_PERMISSIONS],
        }) as Record<string, string[]>),
    // WXT adds the popup to MV2's `browser_action`, but would drop an `action` key there.
    [mv3 ? 'action' : 'browser_action']: {
      default_title: '__MSG_extensionName__',
      // Drawn from scripts/assets/icon.svg by `npm run render-icons`.
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' },
    },
    commands: {
      [mv3 ? '_execute_action' : '_execute_browser_action']: {
        suggested_key: { default: OPEN_POPUP_SHORTCUT },
        description: '__MSG_commandOpenPopup__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: FIREFOX_ADDON_ID,
              strict_min_version: FIREFOX_MIN_VERSION,
              data_collection_permissions: {
                // The origins of visited sites go to the service: "browsing activity". Every
                // lookup sends one, even on opening the popup, so it is required at install;
                // automatic lookups need a second yes inside the extension.
                required: ['browsingActivity'],
              },
            },
            gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
          },
        }
      : {
          // Chrome 114 is the first with the side panel (`side_panel.default_path`).
          minimum_chrome_version: '114',
          // The enterprise policy (docs/enterprise-policy.md); Firefox reads policies.json.
          storage: { managed_schema: MANAGED_SCHEMA_FILE },
        }),
  };
}

/**
 * An MV2 background (Firefox) as an event page, stopped when idle like Chrome's worker, so both
 * browsers run the one design that keeps state in storage.
 */
export function asEventPage(manifest: { manifest_version: number; background?: object }): void {
  if (manifest.manifest_version === 2 && manifest.background) {
    Object.assign(manifest.background, { persistent: false });
  }
}
