import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ensurePurgeAlarm,
  PURGE_ALARM_NAME,
  PURGE_PERIOD_MINUTES,
  registerPurgeAfterUpdate,
  registerPurgeAlarmListener,
} from '../../../lib/cache/cache-purge-alarm';

describe('the purge alarm', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('is created once, and a later worker start keeps its schedule', async () => {
    await ensurePurgeAlarm();
    const first = await fakeBrowser.alarms.get(PURGE_ALARM_NAME);
    expect(first).toMatchObject({ periodInMinutes: PURGE_PERIOD_MINUTES });
    await ensurePurgeAlarm();
    expect(await fakeBrowser.alarms.getAll()).toEqual([first]);
  });

  it('is created again when it was lost', async () => {
    await ensurePurgeAlarm();
    await fakeBrowser.alarms.clearAll();
    await ensurePurgeAlarm();
    expect(await fakeBrowser.alarms.get(PURGE_ALARM_NAME)).toBeDefined();
  });

  it('purges when it fires, and only for its own alarm', async () => {
    const purge = vi.fn(async () => {});
    const onError = vi.fn();
    registerPurgeAlarmListener(purge, onError);
    await fakeBrowser.alarms.onAlarm.trigger({
      name: 'something-else',
      scheduledTime: 0,
      persistAcrossSessions: false,
    });
    expect(purge).not.toHaveBeenCalled();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: PURGE_ALARM_NAME,
      scheduledTime: 0,
      persistAcrossSessions: false,
    });
    expect(purge).toHaveBeenCalledTimes(1);
  });

  it('reports a failed purge instead of leaving it unhandled', async () => {
    const failure = new Error('storage gone');
    const onError = vi.fn();
    registerPurgeAlarmListener(async () => Promise.reject(failure), onError);
    await fakeBrowser.alarms.onAlarm.trigger({
      name: PURGE_ALARM_NAME,
      scheduledTime: 0,
      persistAcrossSessions: false,
    });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });

  it('purges once after an update, and not after an install or a browser update', async () => {
    const purge = vi.fn(async () => {});
    registerPurgeAfterUpdate(purge, vi.fn());
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    expect(purge).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({
      reason: 'update',
      previousVersion: '0.1.0',
    });
    expect(purge).toHaveBeenCalledTimes(1);
  });
});
