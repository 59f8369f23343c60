import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsView } from '../../components/options/OptionsView';
import type { OptionsActions } from '../../components/options/use-options';
import { WelcomeView } from '../../components/welcome/WelcomeView';
import type { LookupLogEntry } from '../../lib/history/lookup-log';
import type { ServiceAccess } from '../../lib/settings/service-base-url-choice';
import { DEFAULT_SETTINGS, type EffectiveSettings } from '../../lib/settings/settings';

afterEach(cleanup);

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

const actions = (): OptionsActions => ({
  setLookupMode: vi.fn(),
  setBadgeMode: vi.fn(),
  setOldReportDays: vi.fn(),
  saveBaseUrl: vi.fn(),
  resetBaseUrl: vi.fn(),
  allowServiceAccess: vi.fn(),
  pause: vi.fn(),
  resume: vi.fn(),
  clearData: vi.fn(),
  clearLog: vi.fn(),
  exportBackup: vi.fn(),
  chooseBackupFile: vi.fn(),
  applyBackup: vi.fn(),
  cancelBackup: vi.fn(),
  removeCheckAccess: vi.fn(),
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

function renderOptions(
  change: Partial<EffectiveSettings> = {},
  more: {
    log?: LookupLogEntry[];
    actions?: OptionsActions;
    serviceAccess?: ServiceAccess;
    checkAccess?: string[];
  } = {},
) {
  return render(
    <OptionsView
      settings={settings(change)}
      defaultBaseUrl="https://is-agentic.com"
      log={more.log ?? []}
      baseUrlChoice={null}
      pauseRefused={false}
      dataCleared={false}
      actions={more.actions ?? actions()}
      serviceAccess={more.serviceAccess ?? { permitted: true }}
      deprecation={null}
      backup={{ preview: null, problem: null, applied: false }}
      checkAccess={more.checkAccess ?? []}
    />,
  );
}

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

  it('says when the extension may not reach the service, and asks the browser on a click', () => {
    const handlers = actions();
    renderOptions(
      { serviceBaseUrl: 'https://lookup.corp.example.com' },
      { actions: handlers, serviceAccess: { permitted: false, host: 'lookup.corp.example.com' } },
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'This extension may not reach the report service at lookup.corp.example.com',
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Allow access to lookup.corp.example.com' }),
    );
    expect(handlers.allowServiceAccess).toHaveBeenCalled();
  });

  it('says nothing about access while the service is reachable', () => {
    renderOptions();
    expect(screen.queryByRole('button', { name: /Allow access/ })).toBeNull();
  });

  it('lists paused domains with a way to resume each', () => {
    const handlers = actions();
    renderOptions({ pausedDomains: ['a.example.com'] }, { actions: handlers });
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(handlers.resume).toHaveBeenCalledWith('a.example.com');
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
    expect(screen.getByText(/Set by your organisation's policy/)).toBeTruthy();
  });

  it('lists every lookup of the log with the origin sent and its outcome', () => {
    renderOptions({}, { log: [ENTRY] });
    const table = screen.getByRole('table', { name: 'Lookup log' });
    expect(table.textContent).toContain('https://example.com');
    expect(table.textContent).toContain('Report (HTTP 200)');
  });

  it('says so when nothing was sent', () => {
    renderOptions();
    expect(screen.getByText('Nothing has been sent.')).toBeTruthy();
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
    const handlers = actions();
    renderOptions({ badgeMode: 'scores' }, { actions: handlers });
    const group = screen.getByRole('group', { name: 'Toolbar badge' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(choice(LABELS.scores).checked).toBe(true);
    expect(choice(LABELS.all).checked).toBe(false);
    expect(choice(LABELS.off).disabled).toBe(false);
    fireEvent.click(choice(LABELS.off));
    expect(handlers.setBadgeMode).toHaveBeenCalledWith('off');
    expect(screen.queryByText(/Set by your organisation's policy/)).toBeNull();
  });

  it("shows the policy's choice as locked", () => {
    const handlers = actions();
    renderOptions(
      { badgeMode: 'off', locked: { ...UNLOCKED, badgeMode: true } },
      { actions: handlers },
    );
    expect(choice(LABELS.off).checked).toBe(true);
    for (const label of Object.values(LABELS)) expect(choice(label).disabled).toBe(true);
    const section = screen.getByRole('region', { name: 'Toolbar badge' });
    expect(within(section).getByText(/Set by your organisation's policy/)).toBeTruthy();
    fireEvent.click(choice(LABELS.all));
    expect(handlers.setBadgeMode).not.toHaveBeenCalled();
  });
});

describe('the old reports choice', () => {
  it('offers 7, 30 and 90 days and never, the stored one chosen, and sends the one clicked', () => {
    const handlers = actions();
    renderOptions({ oldReportDays: '90' }, { actions: handlers });
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
    expect(handlers.setOldReportDays).toHaveBeenCalledWith('never');
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
        optionsUrl="options.html"
        onChoose={onChoose}
      />,
    );
    expect(screen.getByText(/Only the site's origin/)).toBeTruthy();
    expect(screen.getByText(/https:\/\/is-agentic\.com, and nowhere else/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Look up sites automatically' }));
    expect(onChoose).toHaveBeenCalledWith('automatic');
  });

  it('offers no choice where the policy made it', () => {
    render(
      <WelcomeView
        serviceBaseUrl="https://is-agentic.com"
        chosen={null}
        locked={true}
        optionsUrl="options.html"
        onChoose={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/Your organisation set lookups/)).toBeTruthy();
  });
});
