import { describe, expect, it, vi } from 'vitest';
import { createCurrentLookupService } from '../../../lib/lookup/current-lookup-service';
import type { LookupService } from '../../../lib/lookup/ports';
import { DEFAULT_SETTINGS, type UserSettings } from '../../../lib/settings/settings';

function fakeService(baseUrl: string, calls: string[]): LookupService {
  const record = (name: string) => async () => {
    calls.push(`${baseUrl} ${name}`);
    return null as never;
  };
  return {
    showTab: record('showTab'),
    tabActivated: record('tabActivated'),
    settingsChanged: record('settingsChanged'),
    tabNavigated: record('tabNavigated'),
    restoreBadge: record('restoreBadge'),
    forgetTab: record('forgetTab'),
    showSite: record('showSite'),
    reconcile: record('reconcile'),
    lookUpWaitingTabs: record('lookUpWaitingTabs'),
  };
}

describe('createCurrentLookupService', () => {
  it('answers with the service of the base URL in effect, built again when it changes', async () => {
    let settings: UserSettings = DEFAULT_SETTINGS;
    const calls: string[] = [];
    const build = vi.fn((baseUrl: string) => ({
      service: fakeService(baseUrl, calls),
      purgeExpired: async () => undefined,
    }));
    const current = createCurrentLookupService({
      defaultBaseUrl: 'https://is-agentic.com',
      readSettings: async () => settings,
      build,
    });

    await current.showTab(1);
    await current.tabActivated(1);
    settings = { ...settings, serviceBaseUrl: 'https://lookup.example.com' };
    await current.settingsChanged();
    await current.showTab(1);

    expect(build.mock.calls.map(([baseUrl]) => baseUrl)).toEqual([
      'https://is-agentic.com',
      'https://lookup.example.com',
    ]);
    expect(calls).toEqual([
      'https://is-agentic.com showTab',
      'https://is-agentic.com tabActivated',
      'https://lookup.example.com settingsChanged',
      'https://lookup.example.com showTab',
    ]);
  });
});
