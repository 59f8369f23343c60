import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import {
  DEFAULT_SETTINGS,
  isSitePaused,
  parseSettings,
  pauseSite,
  readSettings,
  resumeSite,
  SETTINGS_KEY,
  updateSettings,
  watchSettings,
} from '../../lib/settings';

describe('settings', () => {
  beforeEach(() => fakeBrowser.reset());

  it('start on-click, with the badge on, nothing paused and the build base URL', async () => {
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.lookupMode).toBe('on-click');
  });

  it('keep every good field when another field is damaged', () => {
    const parsed = parseSettings({
      lookupMode: 'always',
      lookupModeChosen: 'yes',
      pausedSites: ['https://b.example.com', 42, 'https://a.example.com', 'https://b.example.com'],
      badgeVisible: false,
      serviceBaseUrl: 7,
    });
    expect(parsed).toEqual({
      lookupMode: 'on-click',
      lookupModeChosen: false,
      pausedSites: ['https://a.example.com', 'https://b.example.com'],
      badgeVisible: false,
      serviceBaseUrl: null,
    });
    expect(parseSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
  });

  it('apply a change on top of what is stored', async () => {
    await storage.setItem(SETTINGS_KEY, { badgeVisible: false });
    const next = await updateSettings(() => ({ lookupMode: 'automatic' }));
    expect(next).toMatchObject({ lookupMode: 'automatic', badgeVisible: false });
    expect(await readSettings()).toEqual(next);
  });

  it('pause and resume a site', async () => {
    await pauseSite('https://a.example.com');
    await pauseSite('https://a.example.com');
    expect((await readSettings()).pausedSites).toEqual(['https://a.example.com']);
    expect(isSitePaused(await readSettings(), 'https://a.example.com')).toBe(true);
    await resumeSite('https://a.example.com');
    expect(isSitePaused(await readSettings(), 'https://a.example.com')).toBe(false);
  });

  it('tell watchers of every change, parsed', async () => {
    const seen: boolean[] = [];
    const stop = watchSettings((settings) => seen.push(settings.badgeVisible));
    await updateSettings(() => ({ badgeVisible: false }));
    await updateSettings(() => ({ badgeVisible: true }));
    stop();
    await updateSettings(() => ({ badgeVisible: false }));
    expect(seen).toEqual([false, true]);
  });
});
