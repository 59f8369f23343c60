import { vi } from 'vitest';
import type { SitesViewProps } from '../../components/sites/SitesView';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';
import type { SiteRow } from '../../lib/sites/site-rows';
import { idleComparison } from './compare-props';

/**
 * The sites page's props for these rows, unfiltered, nothing selected, every action a spy,
 * with `change` on top.
 */
export function sitesViewProps(
  rows: SiteRow[],
  change: Partial<SitesViewProps> = {},
): SitesViewProps {
  return {
    serviceBaseUrl: configuredServiceBaseUrl(),
    total: rows.length,
    rows,
    matching: rows.length,
    filter: { text: '', band: 'all' },
    sort: { column: 'site', direction: 'ascending' },
    selected: null,
    selectedReport: null,
    selectedScans: [],
    selectedTimeline: [],
    now: 0,
    oldReportDays: '30',
    watchNote: 'none',
    onFilter: vi.fn(),
    onSort: vi.fn(),
    onSelect: vi.fn(),
    onShowMore: vi.fn(),
    onExport: vi.fn(),
    onToggleWatch: vi.fn(),
    onCopyFixList: vi.fn(async () => true),
    onOpenOptions: vi.fn(),
    formatScanned: () => '',
    formatDate: () => '',
    compare: idleComparison(),
    ...change,
  };
}
