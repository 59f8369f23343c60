/**
 * The manifest keys wxt.config.ts hands to WXT, per browser and manifest version. WXT adds
 * what it derives from the entrypoints (background, popup, side panel, icons) and takes the
 * version from package.json.
 *
 * Every permission here has a row in docs/user-guide.md's Permissions table and a justification
 * in STORE.md; tests/package checks the built manifests against its own list of them
 * (EXPECTED_PERMISSIONS in tests/package/support/store-files.ts).
 */
import type { UserManifest } from 'wxt';
import { hostPermissionFor } from './service/service-base-url';

/** Name and description come from `locales/` (extension.json), in the browser's language. */
export const EXTENSION_NAME = '__MSG_extensionName__';
export const EXTENSION_DESCRIPTION = '__MSG_extensionDescription__';

/** The shortcut's description in the browser's shortcut settings (locales/…/options.json). */
export const OPEN_POPUP_DESCRIPTION = '__MSG_commandOpenPopup__';

/** Hosts a user's own service base URL may be on: any http(s) host, asked for one at a time. */
export const USER_SERVICE_HOSTS = ['http://*/*', 'https://*/*'] as const;

/** API permissions asked for when a feature first needs them, none granted at install. */
export const OPTIONAL_API_PERMISSIONS = ['notifications'] as const;

/** The enterprise policy's schema (public/managed-schema.json), read by Chrome. */
export const MANAGED_SCHEMA_FILE = 'managed-schema.json';

/** The locale used where the browser's language has no translation. */
export const DEFAULT_LOCALE = 'en';

/**
 * The key suggested for opening the popup: Alt+Shift+R ("readiness"), which is not among
 * Chrome's or Firefox's documented shortcuts. A browser ignores a suggestion whose key is
 * taken; users can change it in its shortcut settings (docs/user-guide.md, "Shortcut, context
 * menu and side panel").
 */
export const OPEN_POPUP_SHORTCUT = 'Alt+Shift+R';

/**
 * The Firefox add-on id. It can never change once the add-on is listed on
 * addons.mozilla.org: updates are matched to installs by it.
 */
export const FIREFOX_ADDON_ID = 'agent-readiness-badge@is-agentic.com';

/**
 * The oldest Firefox this supports: 140 (desktop, the current ESR) and 142 (Android) are the
 * first to read `data_collection_permissions`, which addons.mozilla.org requires of new
 * add-ons. Every API used here (storage.session, menus, sidebar_action) is older.
 */
export const FIREFOX_MIN_VERSION = '140.0';
export const FIREFOX_ANDROID_MIN_VERSION = '142.0';

/** Chrome 114 is the first with the side panel (`side_panel.default_path`). */
export const CHROME_MIN_VERSION = '114';

/** Drawn from scripts/assets/icon.svg by `npm run render-icons`; WXT lists every size in `icons`. */
export const TOOLBAR_ICONS = { 16: 'icon/16.png', 32: 'icon/32.png' };

export interface ManifestTarget {
  browser: string;
  manifestVersion: 2 | 3;
  serviceBaseUrl: string;
  /**
   * Lists the optional API permissions as required as well, so they are granted at install.
   * For the Chrome e2e builds only (wxt.config.ts): headless Chromium shows its permission
   * prompt where no automation can answer it. Store builds never set it.
   */
  optionalApisGrantedAtInstall?: boolean;
}

export function extensionManifest({
  browser,
  manifestVersion,
  serviceBaseUrl,
  optionalApisGrantedAtInstall = false,
}: ManifestTarget): UserManifest {
  // MV2 names the toolbar button's command after `browser_action`, MV3 after `action`.
  const openPopupCommand = manifestVersion === 3 ? '_execute_action' : '_execute_browser_action';
  return {
    name: EXTENSION_NAME,
    description: EXTENSION_DESCRIPTION,
    default_locale: DEFAULT_LOCALE,
    // `sidePanel` (Chrome) is added by WXT with the side panel entrypoint; Firefox's sidebar
    // needs no permission.
    permissions: [
      'alarms',
      'storage',
      'tabs',
      'contextMenus',
      ...(optionalApisGrantedAtInstall ? OPTIONAL_API_PERMISSIONS : []),
    ],
    host_permissions: [hostPermissionFor(serviceBaseUrl)],
    // A service base URL the user sets in the options page is asked for at that moment
    // (lib/settings/service-base-url-choice.ts); nothing is granted until then. MV2 has no separate key.
    // `notifications` is asked for the first time the user watches a site (the watch list's
    // change notices); nothing is shown without it. MV3 keeps hosts and API permissions apart.
    ...optionalPermissions(manifestVersion),
    // MV2 calls it `browser_action`; WXT adds the popup to it but would drop an `action` key.
    [manifestVersion === 3 ? 'action' : 'browser_action']: {
      default_title: EXTENSION_NAME,
      default_icon: TOOLBAR_ICONS,
    },
    commands: {
      [openPopupCommand]: {
        suggested_key: { default: OPEN_POPUP_SHORTCUT },
        description: OPEN_POPUP_DESCRIPTION,
      },
    },
    ...(browser === 'firefox' ? firefoxSettings() : chromeSettings()),
  };
}

/** Optional permissions: MV3 keeps hosts and API permissions apart, MV2 lists both in one key. */
function optionalPermissions(manifestVersion: 2 | 3): Record<string, string[]> {
  return manifestVersion === 3
    ? {
        optional_host_permissions: [...USER_SERVICE_HOSTS],
        optional_permissions: [...OPTIONAL_API_PERMISSIONS],
      }
    : { optional_permissions: [...USER_SERVICE_HOSTS, ...OPTIONAL_API_PERMISSIONS] };
}

/**
 * An MV2 background (Firefox) as an event page, stopped when idle like Chrome's worker, so
 * both browsers run the one design that keeps state in storage. MV3 has no such key.
 */
export function asEventPage(manifest: { manifest_version: number; background?: object }): void {
  if (manifest.manifest_version === 2 && manifest.background) {
    Object.assign(manifest.background, { persistent: false });
  }
}

function chromeSettings(): UserManifest {
  return {
    minimum_chrome_version: CHROME_MIN_VERSION,
    // Lets an administrator set the base URL and on-click lookups (docs/enterprise-policy.md).
    // Firefox reads policies from its own policies.json, without a schema key.
    storage: { managed_schema: MANAGED_SCHEMA_FILE },
  };
}

function firefoxSettings(): UserManifest {
  return {
    browser_specific_settings: {
      gecko: {
        id: FIREFOX_ADDON_ID,
        strict_min_version: FIREFOX_MIN_VERSION,
        data_collection_permissions: {
          // The origin of the sites the user visits goes to the lookup service: that is
          // "browsing activity" in Firefox's categories. Every lookup sends it, even the one
          // the user asks for by opening the popup, so the extension cannot work without it:
          // required, and agreed to at install. Automatic lookups (every active tab) need a
          // second, explicit yes inside the extension (first-run page or options), and until
          // then nothing is sent unasked. Nothing else is collected.
          required: ['browsingActivity'],
        },
      },
      gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
    },
  };
}
