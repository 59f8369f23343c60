import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsView } from '../../components/options/OptionsView';
import { WelcomeView } from '../../components/welcome/WelcomeView';
import { LOOKUP_LOG_RECORD, type LookupLogEntry } from '../../lib/history/lookup-log';
import type { WorkerMessage } from '../../lib/messaging/protocol';
import { DEFAULT_SETTINGS, type EffectiveSettings } from '../../lib/settings/settings';

// Preact defers passive cleanups past the unmount; they run while the test's spies are there.
afterEach(() => act(() => cleanup()));

const UNLOCKED = {
  serviceBaseUrl: false,
  lookupMode: false,
  watchList: false,
  pausedDomains: [],
  badgeMode: false,
};

const settings = (change: Partial<EffectiveSettings> = {}): EffectiveSettings => ({
  ...DEFAULT_SETTINGS,
  locked: UNLOCKED,
  ...change,
});

/** The intents the page sends the worker, as [name, data]; each is answered. */
let sent: () => [string, unknown][];

beforeEach(() => {
  fakeBrowser.reset();
  // The fake browser has no permission events; the section listens to them.
  for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
    vi.spyOn(event, 'addListener').mockImplementation(() => {});
    vi.spyOn(event, 'removeListener').mockImplementation(() => {});
  }
  const send = vi
    .spyOn(fakeBrowser.runtime, 'sendMessage')
    .mockImplementation((async () => ({ ok: true, value: null })) as never);
  sent = () =>
    send.mock.calls.map(([message]) => {
      const { name, data } = message as unknown as WorkerMessage;
      return [name, data];
    });
});

const ENTRY: LookupLogEntry = {
  id: 1,
  // fixed date: a log entry's time, only formatted, never compared with the clock
  at: Date.parse('2026-11-22T10:00:00Z'),
  origin: 'https://example.com',
  service: 'https://is-agentic.com',
  outcome: 'report',
  status: 200,
};

const renderOptions = (change: Partial<EffectiveSettings> = {}) =>
  render(<OptionsView settings={settings(change)} />);

describe('OptionsView', () => {
  it('asks nothing chosen until the user has answered, then shows the choice', () => {
    const { unmount } = renderOptions();
    expect((screen.getByRole('radio', { name: /Automatically/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(
      (screen.getByRole('radio', { name: /Only when I ask/ }) as HTMLInputElement).checked,
    ).toBe(false);
    unmount();
    renderOptions({ lookupMode: 'automatic', lookupModeChosen: true });
    expect((screen.getByRole('radio', { name: /Automatically/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows settings the policy locked as locked', () => {
    renderOptions({
      lookupMode: 'on-click',
      lookupModeChosen: true,
      serviceBaseUrl: 'https://lookup.corp.example.com',
      locked: { ...UNLOCKED, serviceBaseUrl: true, lookupMode: true },
    });
    expect(
      (screen.getByRole('radio', { name: /Automatically/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('textbox', { name: /Base URL/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.getAllByText(/Set by your organisation's policy/)).toHaveLength(2);
  });

  it('says when the extension may not reach the service, and asks the browser on a click', async () => {
    const contains = vi
      .spyOn(fakeBrowser.permissions, 'contains')
      .mockResolvedValue(false as never);
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    renderOptions({ serviceBaseUrl: 'https://lookup.corp.example.com' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This extension may not reach the report service at lookup.corp.example.com',
    );
    expect(contains).toHaveBeenCalledWith({ origins: ['https://lookup.corp.example.com/*'] });
    fireEvent.click(
      screen.getByRole('button', { name: 'Allow access to lookup.corp.example.com' }),
    );
    expect(request).toHaveBeenCalledWith({ origins: ['https://lookup.corp.example.com/*'] });
  });

  it('says nothing about access while the service is reachable', async () => {
    const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    renderOptions();
    await waitFor(() => expect(contains).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Allow access/ })).toBeNull();
  });

  it('lists paused domains with a way to resume each, and pauses an address', () => {
    renderOptions({ pausedDomains: ['a.example.com'] });
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(sent()).toEqual([['resumeDomain', { domain: 'a.example.com' }]]);
    const address = screen.getByRole('textbox', { name: 'Site to pause' });
    fireEvent.input(address, { target: { value: 'https://b.example.com/page' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(sent()[1]).toEqual(['pauseSite', { domain: 'b.example.com' }]);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.input(address, { target: { value: 'not a site' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(sent()).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe(
      'This is neither a web address nor a domain name.',
    );
  });

  it("lists the policy's domains as set by the administrator, with no way to resume them", () => {
    renderOptions({
      pausedDomains: ['a.example.com', 'corp.example.com'],
      locked: { ...UNLOCKED, pausedDomains: ['corp.example.com'] },
    });
    const list = screen.getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'corp.example.comSet by your administrator',
      'a.example.comResume',
    ]);
    expect(within(list).getAllByRole('button', { name: 'Resume' })).toHaveLength(1);
    expect(list.nextElementSibling?.textContent).toMatch(/Set by your organisation's policy/);
  });

  it('lists every lookup of the log, newest first, with the origin sent and its outcome', async () => {
    const older = { ...ENTRY, id: 2, at: ENTRY.at - 60_000, origin: 'https://older.example' };
    await fakeBrowser.storage.local.set({
      [LOOKUP_LOG_RECORD.key]: { nextId: 3, entries: [older, ENTRY] },
    });
    renderOptions();
    const table = await screen.findByRole('table', { name: 'Lookup log' });
    const sites = within(table)
      .getAllByRole('cell')
      .filter((cell) => cell.matches('.site'));
    expect(sites.map((cell) => cell.textContent)).toEqual([
      'https://example.com',
      'https://is-agentic.com',
      'https://older.example',
      'https://is-agentic.com',
    ]);
    expect(table.textContent).toContain('Report (HTTP 200)');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the log' }));
    expect(sent()).toEqual([['clearLookupLog', {}]]);
  });

  it('says so when nothing was sent, and offers nothing to clear', () => {
    renderOptions();
    expect(screen.getByText('Nothing has been sent.').tagName).toBe('P');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('clears local data on a click, and says so once the worker has', async () => {
    renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all local data' }));
    expect(sent()).toEqual([['clearLocalData', {}]]);
    expect((await screen.findByRole('status')).textContent).toBe('Local data cleared.');
  });
});

describe('the badge section', () => {
  const choice = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
  const LABELS = {
    all: 'Show the score, or a mark for every other state',
    scores: 'Show scores only',
    off: 'Show nothing on the button',
  } as const;

  it('offers the three choices, the stored one chosen, and sends the one clicked', () => {
    renderOptions({ badgeMode: 'scores' });
    const group = screen.getByRole('group', { name: 'Toolbar badge' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(choice(LABELS.scores).checked).toBe(true);
    expect(choice(LABELS.all).checked).toBe(false);
    expect(choice(LABELS.off).disabled).toBe(false);
    fireEvent.click(choice(LABELS.off));
    expect(sent()).toEqual([['setBadgeMode', { mode: 'off' }]]);
    expect(screen.queryByText(/Set by your organisation's policy/)).toBeNull();
  });

  it("shows the policy's choice as locked", () => {
    renderOptions({ badgeMode: 'off', locked: { ...UNLOCKED, badgeMode: true } });
    expect(choice(LABELS.off).checked).toBe(true);
    for (const label of Object.values(LABELS)) expect(choice(label).disabled).toBe(true);
    const section = screen.getByRole('region', { name: 'Toolbar badge' });
    expect(section.querySelector('.locked')?.textContent).toMatch(/Set by your organisation's/);
    fireEvent.click(choice(LABELS.all));
    expect(sent()).toEqual([]);
  });
});

describe('the old reports choice', () => {
  it('offers 7, 30 and 90 days and never, the stored one chosen, and sends the one clicked', () => {
    renderOptions({ oldReportDays: '90' });
    const group = screen.getByRole('group', { name: 'Old reports' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['7', '30', '90', 'never']);
    expect(
      (screen.getByRole('radio', { name: 'Older than 90 days' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Never' }));
    expect(sent()).toEqual([['setOldReportDays', { days: 'never' }]]);
  });
});

describe('WelcomeView', () => {
  it('says what is sent, to whom and when, and offers both answers', () => {
    const onChoose = vi.fn();
    render(
      <WelcomeView
        serviceBaseUrl="https://is-agentic.com"
        chosen={null}
        locked={false}
        onChoose={onChoose}
      />,
    );
    expect(screen.getByText(/Only the site's origin/).tagName).toBe('P');
    expect(screen.getByText(/https:\/\/is-agentic\.com, and nowhere else/).tagName).toBe('P');
    fireEvent.click(screen.getByRole('button', { name: 'Look up sites automatically' }));
    expect(onChoose).toHaveBeenCalledWith('automatic');
  });

  it('offers no choice where the policy made it', () => {
    render(
      <WelcomeView
        serviceBaseUrl="https://is-agentic.com"
        chosen={null}
        locked={true}
        onChoose={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/Your organisation set lookups/);
  });
});
