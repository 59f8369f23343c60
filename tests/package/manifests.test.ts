/**
 * The manifests in the store packages: exactly the expected permissions (EXPECTED_PERMISSIONS), the
 * version from package.json, no remote code, the browser-specific keys each store needs.
 */
import { describe, expect, it } from 'vitest';
import {
  FIREFOX_ADDON_ID,
  FIREFOX_ANDROID_MIN_VERSION,
  FIREFOX_MIN_VERSION,
  MANAGED_SCHEMA_FILE,
  OPEN_POPUP_SHORTCUT,
} from '../../lib/extension-manifest';
import { ICON_SIZES } from '../../scripts/render-icons';
import {
  EXPECTED_PERMISSIONS,
  entriesOf,
  manifestOf,
  PACKAGE_JSON,
  repoFile,
} from './support/store-files';

const chrome = manifestOf('chrome');
const firefox = manifestOf('firefox');
const required = EXPECTED_PERMISSIONS.filter((permission) => !permission.optional);
const optional = EXPECTED_PERMISSIONS.filter((permission) => permission.optional);

const sorted = (values: unknown) => [...((values as string[] | undefined) ?? [])].sort();

describe('the Chrome package manifest', () => {
  it('asks for exactly the expected permissions', () => {
    const asked = sorted([
      ...(chrome.permissions as string[]),
      ...(chrome.host_permissions as string[]),
    ]);
    expect(asked).toEqual(sorted(required.map((permission) => permission.name)));
  });

  it('declares as optional exactly the expected optional permissions', () => {
    expect(optional.length).toBeGreaterThan(0);
    // Hosts under optional_host_permissions, API permissions under optional_permissions.
    expect(
      sorted([
        ...((chrome.optional_host_permissions as string[] | undefined) ?? []),
        ...((chrome.optional_permissions as string[] | undefined) ?? []),
      ]),
    ).toEqual(sorted(optional.map((permission) => permission.name)));
    expect(sorted(chrome.optional_permissions)).toEqual(['notifications']);
  });

  it('keeps `notifications` optional: only the e2e builds have it at install', () => {
    expect(chrome.permissions).not.toContain('notifications');
  });

  it('declares the enterprise policy schema, and ships it', () => {
    expect(chrome.storage).toEqual({ managed_schema: MANAGED_SCHEMA_FILE });
    const schema = JSON.parse(
      entriesOf('chrome')
        .find((entry) => entry.name === MANAGED_SCHEMA_FILE)
        ?.read()
        .toString('utf8') ?? '{}',
    );
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual([
      'badgeMode',
      'disableWatchList',
      'forceOnClick',
      'neverLookUpDomains',
      'serviceBaseUrl',
    ]);
    // Chrome's policy schema: an array names the type of its items.
    expect(schema.properties.neverLookUpDomains).toMatchObject({
      type: 'array',
      items: { type: 'string' },
    });
    expect(schema.properties.badgeMode).toMatchObject({
      type: 'string',
      enum: ['all', 'scores', 'off'],
    });
  });

  it('has the settings page, opened in a tab', () => {
    expect(chrome.options_ui).toEqual({ page: 'options.html', open_in_tab: true });
  });

  it('keeps the default content security policy', () => {
    expect(chrome).not.toHaveProperty('content_security_policy');
  });

  it('is MV3 at the version in package.json', () => {
    expect(chrome).toMatchObject({ manifest_version: 3, version: PACKAGE_JSON.version });
  });

  it('opens the popup with the suggested shortcut', () => {
    expect(chrome.commands).toEqual({
      _execute_action: expect.objectContaining({
        suggested_key: { default: OPEN_POPUP_SHORTCUT },
      }),
    });
  });

  it('has the side panel and an icon at every size', () => {
    expect(chrome.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(Object.keys(chrome.icons as object).map(Number)).toEqual([...ICON_SIZES]);
  });
});

describe('the Chrome package code', () => {
  const code = entriesOf('chrome').filter((entry) => /\.(js|html)$/.test(entry.name));

  it.each(
    code.map((entry) => [entry.name, entry] as const),
  )('%s loads no remote code and evaluates no strings', (_name, entry) => {
    const text = entry.read().toString('utf8');
    expect(text).not.toMatch(/<script[^>]+src=["']?(https?:)?\/\//i);
    expect(text).not.toMatch(/\bimport\s*\(\s*["'`](https?:)?\/\//);
    expect(text).not.toMatch(/\bimportScripts\s*\(/);
    expect(text).not.toMatch(/\beval\s*\(/);
    expect(text).not.toMatch(/\bnew\s+Function\s*\(|\bFunction\s*\(\s*["'`]/);
  });
});

describe('the Firefox package manifest', () => {
  it('asks for exactly the expected permissions for Firefox', () => {
    const forFirefox = required.filter((permission) => !permission.chromeOnly);
    expect(sorted(firefox.permissions)).toEqual(sorted(forFirefox.map(({ name }) => name)));
    expect(sorted(firefox.optional_permissions)).toEqual(sorted(optional.map(({ name }) => name)));
  });

  it('is MV2 at the version in package.json, with an event page', () => {
    expect(firefox).toMatchObject({
      manifest_version: 2,
      version: PACKAGE_JSON.version,
      background: { persistent: false },
    });
  });

  it('names its add-on id, minimum versions and the data it collects', () => {
    expect(firefox.browser_specific_settings).toEqual({
      gecko: {
        id: FIREFOX_ADDON_ID,
        strict_min_version: FIREFOX_MIN_VERSION,
        data_collection_permissions: { required: ['browsingActivity'] },
      },
      gecko_android: { strict_min_version: FIREFOX_ANDROID_MIN_VERSION },
    });
  });

  it('opens the popup with the suggested shortcut', () => {
    expect(firefox.commands).toEqual({
      _execute_browser_action: expect.objectContaining({
        suggested_key: { default: OPEN_POPUP_SHORTCUT },
      }),
    });
  });

  it('has a sidebar that does not open by itself at install', () => {
    expect(firefox.sidebar_action).toMatchObject({
      default_panel: 'sidepanel.html',
      open_at_install: false,
    });
  });
});

describe('the store material', () => {
  const store = repoFile('STORE.md');

  it.each(
    EXPECTED_PERMISSIONS.map((permission) => [permission.name]),
  )('justifies the %s permission in STORE.md', (name) => {
    expect(store).toMatch(
      new RegExp(`^### .*\`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\``, 'm'),
    );
  });

  it('has a CHANGELOG entry for the version in package.json', () => {
    expect(repoFile('CHANGELOG.md')).toMatch(
      new RegExp(`^## \\[?${PACKAGE_JSON.version}\\]?`, 'm'),
    );
  });
});
