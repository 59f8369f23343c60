import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { watchChangeMessage } from '../../../lib/sites/watch-change-message';
import type { WatchChange } from '../../../lib/sites/watch-check';
import { ensureAlarms, PERIODIC_ALARM_MINUTES } from '../../../lib/worker/alarms';
import { actionMenuContext } from '../../../lib/worker/menus';
import {
  notifyWatchChange,
  registerWatchNotificationClicks,
} from '../../../lib/worker/watch-notifications';

const change: WatchChange = {
  site: 'https://shop.example.com',
  oldScore: 71,
  newScore: 64,
  oldFailed: 2,
  newFailed: 4,
  checks: {
    kind: 'changes',
    // fixed date: the previous scan, shown as its day, never compared with the clock
    previousScannedAt: Date.parse('2026-11-10T08:00:00Z'),
    fixed: [],
    new: [{ id: 'sitemap', name: 'Sitemap', tier: 'recommended', result: 'failed' }],
    worse: [],
    better: [],
    method: null,
  },
};

type ClickListener = (id: string) => void;

describe('the watch list schedule and notices', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('shows a basic notification with the words of the change, under an id naming the site', async () => {
    const create = vi.fn(async () => '');
    Object.assign(fakeBrowser, {
      notifications: { create },
      permissions: { contains: async () => true },
    });
    await notifyWatchChange(change);
    expect(create).toHaveBeenCalledWith(`watch-change:${change.site}`, {
      type: 'basic',
      iconUrl: expect.stringMatching(/\/icon\/128\.png$/),
      ...watchChangeMessage(change),
    });
    expect(watchChangeMessage(change).message).toBe('Score: 71 → 64 · New: Sitemap');
  });

  it('opens the sites page on the site when its notification is clicked, and only then', async () => {
    const listeners: ClickListener[] = [];
    const clear = vi.fn(async () => true);
    Object.assign(fakeBrowser, {
      notifications: { onClicked: { addListener: (l: ClickListener) => listeners.push(l) }, clear },
      // The fake browser has no permission events; the click listener is there from the start.
      permissions: { onAdded: { addListener: vi.fn() } },
    });
    const opened: string[] = [];
    registerWatchNotificationClicks(async (site) => {
      opened.push(site);
    }, vi.fn());
    for (const listener of listeners) {
      listener('some-other-notification');
      listener(`watch-change:${change.site}`);
    }
    expect(opened).toEqual([change.site]);
    expect(clear).toHaveBeenCalledWith(`watch-change:${change.site}`);
  });

  it('shows nothing without the notifications permission', async () => {
    const create = vi.fn();
    Object.assign(fakeBrowser, {
      notifications: { create },
      permissions: { contains: async () => false },
    });
    await notifyWatchChange(change);
    expect(create).not.toHaveBeenCalled();
  });

  it('creates each periodic alarm once, however often the worker starts', async () => {
    await ensureAlarms();
    await ensureAlarms();
    const alarms = await fakeBrowser.alarms.getAll();
    expect(alarms.map(({ name, periodInMinutes }) => [name, periodInMinutes]).sort()).toEqual(
      Object.entries(PERIODIC_ALARM_MINUTES).sort(),
    );
  });

  it("names the toolbar button's menu context per manifest version", () => {
    expect(actionMenuContext(3)).toBe('action');
    expect(actionMenuContext(2)).toBe('browser_action');
  });
});
