import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearLocalData } from '../../../lib/history/local-data';
import { readSettings, updateSettings } from '../../../lib/settings/settings';

describe('clearLocalData', () => {
  beforeEach(() => fakeBrowser.reset());

  it("removes everything kept about sites and tabs, and keeps the user's settings", async () => {
    await updateSettings(() => ({ pausedSites: ['https://a.example.com'], badgeVisible: false }));
    const settings = await readSettings();
    await fakeBrowser.storage.local.set({
      'report-cache:v2:x|https://a.example.com': { any: 1 },
      'report-cache-totals:v2': {},
      'retry-gate:v1:x': {},
      'lookup-log:v1': { entries: [] },
      'score-history': {},
    });
    await fakeBrowser.storage.session.set({ 'tab-state:7': {} });

    // Six records above, and the copy of the (empty) managed policy that reading settings kept.
    expect(await clearLocalData()).toBe(7);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(['settings']);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await readSettings()).toEqual(settings);
  });
});
