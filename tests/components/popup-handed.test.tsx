import { act, cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../entrypoints/popup/App';
import { DEFAULT_SERVICE_BASE_URL } from '../../lib/contract/service-base-url';
import type { PopupStart } from '../../lib/page/popup-start';
import { NO_POLICY } from '../../lib/settings/managed-policy';
import { applyPolicy, DEFAULT_SETTINGS } from '../../lib/settings/settings';
import type { TabState } from '../../lib/tabs/tab-state';
import { FIXTURE_ORIGINS, fixtureReports } from '../../reference-server/fixtures/reports';

// The run's clock: the fixture reports are scanned ages before it, as the popup reads them.
const NOW = Date.now();
const reports = fixtureReports(DEFAULT_SERVICE_BASE_URL, NOW);
const SITE = FIXTURE_ORIGINS.mid;
const TAB = 7;

const stateOf = (score: number, updatedAt: number): TabState => ({
  origin: SITE,
  view: {
    status: 'report',
    origin: SITE,
    report: { ...reports.mid, score },
    receivedAt: updatedAt,
    stale: false,
  },
  updatedAt,
  freshUntil: updatedAt + 60_000,
  service: DEFAULT_SERVICE_BASE_URL,
});

const startWith = (state: TabState): PopupStart => ({
  tabId: TAB,
  pageUrl: `${SITE}/pricing`,
  settings: applyPolicy({ ...DEFAULT_SETTINGS, lookupModeChosen: true }, NO_POLICY),
  state,
});

/** Check now's part, loaded after the first frame: awaited, so that it mounts within the test. */
const checkNowLoaded = () =>
  waitFor(() => expect(document.getElementById('check-now-title')).not.toBeNull());

const scoreShown = () => document.querySelector('.score-figure')?.textContent ?? null;

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({
    ok: true,
    value: null,
  } as never);
  // Check now's part of a report, once loaded, asks about the site's access and listens for it.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
  for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
    vi.spyOn(event, 'addListener').mockImplementation(() => {});
    vi.spyOn(event, 'removeListener').mockImplementation(() => {});
  }
});
// Unmounted inside act(), then past the next frame: Preact runs an unmounted component's effect
// cleanups (Check now's listeners) after it, and they must run while this file's mocks stand.
afterEach(async () => {
  await act(() => cleanup());
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
});

describe('the toolbar popup opened on the state the worker handed it', () => {
  it('draws that state in its first render, and the state read after it in place', async () => {
    const handed = stateOf(42, NOW - 1_000);
    const { rerender } = render(<App tabId={TAB} start="reading" handed={handed} />);
    expect(scoreShown()).toBe('42');
    const figure = document.querySelector('.score-figure');
    // The state changed between the handing and the read: what was read is shown.
    await act(async () => {
      rerender(<App tabId={TAB} start={startWith(stateOf(57, NOW))} handed={handed} />);
    });
    expect(scoreShown()).toBe('57');
    expect(document.querySelector('.score-figure')).toBe(figure);
    await checkNowLoaded();
  });

  it('asks the worker once what is read is in, as a popup that was handed nothing does', async () => {
    const handed = stateOf(42, NOW - 1_000);
    const { rerender } = render(<App tabId={TAB} start="reading" handed={handed} />);
    expect(fakeBrowser.runtime.sendMessage).not.toHaveBeenCalled();
    // A state older than its freshness: the worker is asked to bring it up to date.
    const old = { ...handed, freshUntil: 0 };
    await act(async () => {
      rerender(<App tabId={TAB} start={startWith(old)} handed={handed} />);
    });
    expect(fakeBrowser.runtime.sendMessage).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'showTab', data: expect.objectContaining({ tabId: TAB }) }),
    );
    await checkNowLoaded();
  });
});
