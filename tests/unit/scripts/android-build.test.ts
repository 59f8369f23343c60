import { describe, expect, it } from 'vitest';
import {
  ANDROID_SHIM_FILE,
  androidManifest,
  withShimFirst,
} from '../../../scripts/e2e-android/android-build';

describe('the e2e build as Firefox for Android runs it', () => {
  it('leaves out the sidebar and the shortcut, and runs the shim before the background', () => {
    const manifest = androidManifest({
      manifest_version: 2,
      permissions: ['alarms', 'contextMenus'],
      commands: { _execute_browser_action: {} },
      sidebar_action: { default_panel: 'sidepanel.html' },
      background: { persistent: false, scripts: ['background.js'] },
    });
    expect(manifest).not.toHaveProperty('commands');
    expect(manifest).not.toHaveProperty('sidebar_action');
    expect(manifest.permissions).toEqual(['alarms', 'contextMenus']);
    expect(manifest.background).toEqual({
      persistent: false,
      scripts: [ANDROID_SHIM_FILE, 'background.js'],
    });
  });

  it("puts the shim first in a page's head, before its module scripts", () => {
    const page = withShimFirst(
      '<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <script type="module" src="/chunks/popup.js"></script>\n  </head>\n</html>',
    );
    expect(page.indexOf(`<script src="/${ANDROID_SHIM_FILE}"></script>`)).toBeLessThan(
      page.indexOf('<script type="module"'),
    );
    expect(page.indexOf(ANDROID_SHIM_FILE)).toBeGreaterThan(page.indexOf('<head>'));
  });
});
