import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackupSection, type BackupSectionProps } from '../../components/options/BackupSection';
import type { ImportPreview } from '../../lib/backup/backup-format';

afterEach(cleanup);

const PREVIEW: ImportPreview = {
  merge: [
    { kind: 'lookup-mode', from: 'unanswered', to: 'automatic' },
    { kind: 'paused-sites-added', sites: ['https://b.example.com'] },
    { kind: 'watched-sites-left-out', sites: ['https://c.example.com'], limit: 50 },
  ],
  replace: [
    { kind: 'badge', from: 'all', to: 'off' },
    { kind: 'service-base-url', from: null, to: 'https://lookup.example.com' },
    {
      kind: 'watched-sites-removed',
      sites: ['https://d.example.com', 'https://e.example.com'],
    },
    { kind: 'lookup-log-replaced', entries: 12 },
  ],
};

function renderSection(change: Partial<BackupSectionProps> = {}) {
  const props: BackupSectionProps = {
    preview: null,
    problem: null,
    applied: false,
    defaultBaseUrl: 'https://is-agentic.com',
    onExport: vi.fn(),
    onChooseFile: vi.fn(),
    onApply: vi.fn(),
    onCancel: vi.fn(),
    ...change,
  };
  render(<BackupSection {...props} />);
  return props;
}

describe('BackupSection', () => {
  it('exports with what the user chose to include', () => {
    const props = renderSection();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include the score history' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    expect(props.onExport).toHaveBeenCalledWith({ includeHistory: true, includeLog: false });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include the lookup log' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    expect(props.onExport).toHaveBeenLastCalledWith({ includeHistory: true, includeLog: true });
  });

  it('passes the chosen file’s text up', async () => {
    const props = renderSection();
    const file = new File(['{"format":"agent-readiness-badge-backup"}'], 'backup.json', {
      type: 'application/json',
    });
    fireEvent.change(screen.getByLabelText('Backup file'), { target: { files: [file] } });
    await waitFor(() =>
      expect(props.onChooseFile).toHaveBeenCalledWith('{"format":"agent-readiness-badge-backup"}'),
    );
  });

  it('says so when the browser cannot read the file', async () => {
    const props = renderSection({ problem: 'not-json' });
    const unreadable = { slice: () => ({ text: () => Promise.reject(new Error('gone')) }) };
    fireEvent.change(screen.getByLabelText('Backup file'), { target: { files: [unreadable] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The file could not be read.'),
    );
    expect(props.onChooseFile).not.toHaveBeenCalled();
  });

  it.each([
    ['too-large', /too large/],
    ['not-json', /not a JSON file/],
    ['wrong-file', /not a backup of Agent Readiness Badge/],
    ['newer-version', /newer version of the extension/],
    ['malformed', /damaged/],
  ] as const)('says why a file was refused: %s', (problem, message) => {
    renderSection({ problem });
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(screen.queryByRole('region', { name: 'What the import changes' })).toBeNull();
  });

  it('lists the changes of the chosen way, and applies that way', () => {
    const props = renderSection({ preview: PREVIEW });
    const preview = screen.getByRole('region', { name: 'What the import changes' });
    const merge = within(preview).getByRole('radio', { name: /Add to what is here/ });
    expect((merge as HTMLInputElement).checked).toBe(true);
    expect(preview.textContent).toContain(
      'When sites are looked up: not chosen yet → automatically',
    );
    expect(preview.textContent).toContain('1 paused site added');
    expect(preview.textContent).toContain('https://b.example.com');
    expect(preview.textContent).toContain('1 site of the file not watched: at most 50 sites');

    fireEvent.click(within(preview).getByRole('radio', { name: /Replace what is here/ }));
    expect(preview.textContent).not.toContain('paused site added');
    expect(preview.textContent).toContain('Toolbar badge shows: everything → nothing');
    expect(preview.textContent).toContain(
      'Report service: https://is-agentic.com (default) → https://lookup.example.com',
    );
    expect(preview.textContent).toContain('2 sites no longer watched');
    expect(preview.textContent).toContain("Lookup log replaced by the file's 12 entries");

    // The file's service is taken only when the user ticks it: nothing else asks.
    const switchService = within(preview).getByRole('checkbox', {
      name: /Also switch the report service to https:\/\/lookup\.example\.com/,
    }) as HTMLInputElement;
    expect(switchService.checked).toBe(false);
    fireEvent.click(within(preview).getByRole('button', { name: 'Apply' }));
    expect(props.onApply).toHaveBeenLastCalledWith('replace', { switchService: false });
    fireEvent.click(switchService);
    fireEvent.click(within(preview).getByRole('button', { name: 'Apply' }));
    expect(props.onApply).toHaveBeenLastCalledWith('replace', { switchService: true });
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('says when the file would change nothing', () => {
    renderSection({ preview: { merge: [], replace: [] } });
    screen.getByText('Nothing would change.');
  });

  it('says the import was applied', () => {
    renderSection({ applied: true });
    expect(screen.getByRole('status').textContent).toBe('The backup was imported.');
  });
});
