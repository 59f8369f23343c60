import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { actionMenuContext } from '../../../lib/events/sites-menu';
import {
  ensureWatchAlarm,
  notifyWatchChange,
  WATCH_ALARM_NAME,
  WATCH_PERIOD_MINUTES,
  watchChangeMessage,
} from '../../../lib/events/watch-alarm';

const change = {
  site: 'https://shop.example.com',
  oldScore: 71,
  newScore: 64,
  oldFailed: 2,
  newFailed: 4,
};

describe('the watch list schedule and notices', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
      (key: string, subs?: string | (string | number)[]) =>
        `${key}(${[subs ?? []].flat().join('|')})`,
    );
  });

  it('says which site changed, with the old and new score and failed checks', () => {
    expect(watchChangeMessage(change)).toEqual({
      title: 'watchNoticeTitle(shop.example.com)',
      message: 'watchNoticeScore(71|64)\nwatchNoticeFailed(2|4)',
    });
    const sameScore = watchChangeMessage({ ...change, newScore: 71 });
    expect(sameScore.message).toBe('watchNoticeFailed(2|4)');
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

  it('creates its alarm once, every half hour', async () => {
    await ensureWatchAlarm();
    await ensureWatchAlarm();
    const alarm = await fakeBrowser.alarms.get(WATCH_ALARM_NAME);
    expect(alarm?.periodInMinutes).toBe(WATCH_PERIOD_MINUTES);
    expect(await fakeBrowser.alarms.getAll()).toHaveLength(1);
  });

  it("names the toolbar button's menu context per manifest version", () => {
    expect(actionMenuContext(3)).toBe('action');
    expect(actionMenuContext(2)).toBe('browser_action');
  });
});
