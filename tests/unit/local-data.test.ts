import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { clearLocalData } from '../../lib/local-data';
import { readSettings, updateSettings } from '../../lib/settings';

describe('clearLocalData', () => {
  beforeEach(() => fakeBrowser.reset());

  it("removes everything kept about sites and tabs, and keeps the user's settings", async () => {
    await updateSettings(() => ({ pausedSites: ['https://a.example.com'], badgeVisible: false }));
    const settings = await readSettings();
    await storage.setItems([
      { key: 'local:report-cache:v1:x|https://a.example.com', value: { any: 1 } },
      { key: 'local:report-cache-index:v1', value: {} },
      { key: 'local:retry-gate:v1:x', value: {} },
      { key: 'local:lookup-log:v1', value: { entries: [] } },
      { key: 'local:score-history:v1', value: {} },
      { key: 'session:tab-state:7', value: {} },
    ]);

    expect(await clearLocalData()).toBe(6);
    expect(Object.keys(await storage.snapshot('local'))).toEqual(['settings']);
    expect(await storage.snapshot('session')).toEqual({});
    expect(await readSettings()).toEqual(settings);
  });
});
