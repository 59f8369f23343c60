/** What an import does: its two ways, and the changes the preview lists before it is applied. */
import type { BadgeMode, OldReportDays } from '../settings/settings';

/**
 * `merge`: the file's sites are added to the ones here, and its single settings taken.
 * `replace`: what the file holds takes the place of what is here.
 */
export type ImportMode = 'merge' | 'replace';

/** The answer to the consent question, as the user sees it. */
export type LookupChoice = 'automatic' | 'on-click' | 'unanswered';

/**
 * One change an import makes, for the preview. A base URL of null is the build's own service;
 * the counts of a replaced record are what it holds after, of a merged one what was added.
 */
export type ImportChange =
  | { kind: 'lookup-mode'; from: LookupChoice; to: LookupChoice }
  | { kind: 'badge'; from: BadgeMode; to: BadgeMode }
  | { kind: 'old-reports'; from: OldReportDays; to: OldReportDays }
  | { kind: 'service-base-url'; from: string | null; to: string | null }
  | { kind: 'paused-sites-added'; sites: string[] }
  | { kind: 'paused-sites-removed'; sites: string[] }
  | { kind: 'watched-sites-added'; sites: string[] }
  | { kind: 'watched-sites-removed'; sites: string[] }
  /** The file's sites that did not fit the watch list. */
  | { kind: 'watched-sites-left-out'; sites: string[]; limit: number }
  | { kind: 'score-history-replaced'; sites: number }
  | { kind: 'score-history-merged'; scans: number }
  | { kind: 'lookup-log-replaced'; entries: number }
  | { kind: 'lookup-log-merged'; entries: number };

/** The changes an import would make, each way, for the preview's choice. */
export type ImportPreview = Record<ImportMode, ImportChange[]>;
