import { vi } from 'vitest';
import type { SiteComparisonState } from '../../components/sites/use-site-comparison';

/** The sites page's comparison state with nothing ticked and every action a spy. */
export function idleComparison(change: Partial<SiteComparisonState> = {}): SiteComparisonState {
  return {
    picked: [],
    refused: null,
    open: false,
    comparison: null,
    onPick: vi.fn(),
    onClearPicks: vi.fn(),
    onOpen: vi.fn(),
    onClose: vi.fn(),
    onExport: vi.fn(),
    ...change,
  };
}
