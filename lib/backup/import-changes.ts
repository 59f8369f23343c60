/** What an import does: its two ways, and the changes the preview lists before it is applied. */
import type { BadgeMode } from '../settings/settings';
import type { KeptData } from './backup-format';

/**
 * `merge`: the file's sites are added to the ones here, and its single settings taken.
 * `replace`: what the file holds takes the place of what is here.
 */
export type ImportMode = 'merge' | 'replace';

/** The answer to the consent question, as the user sees it. */
export type LookupChoice = 'automatic' | 'on-click' | 'unanswered';

/** One change an import makes, for the preview; sites are listed by origin. */
export type ImportChange =
  | { kind: 'lookup-mode'; from: LookupChoice; to: LookupChoice }
  | { kind: 'badge'; from: BadgeMode; to: BadgeMode }
  /** null: the service this build was made for. */
  | { kind: 'service-base-url'; from: string | null; to: string | null }
  | { kind: 'paused-sites-added'; sites: string[] }
  | { kind: 'paused-sites-removed'; sites: string[] }
  | { kind: 'watched-sites-added'; sites: string[] }
  | { kind: 'watched-sites-removed'; sites: string[] }
  /** Sites of the file not watched because the list was full. */
  | { kind: 'watched-sites-left-out'; sites: string[]; limit: number }
  /** The history is now the file's: `sites` sites. */
  | { kind: 'score-history-replaced'; sites: number }
  /** `scans` scans of the file were added to the history. */
  | { kind: 'score-history-merged'; scans: number }
  /** The log is now the file's: `entries` entries. */
  | { kind: 'lookup-log-replaced'; entries: number }
  /** `entries` lookups of the file were added to the log. */
  | { kind: 'lookup-log-merged'; entries: number };

export interface ImportPlan {
  /**
   * The records to store. `scoreHistory` and `lookupLog` are there only when the file carries
   * them; a record not there is left as it is.
   */
  next: KeptData;
  /** In the order the preview lists them; empty when the import changes nothing. */
  changes: ImportChange[];
}

/** The changes an import would make, each way, for the preview's choice. */
export type ImportPreview = Record<ImportMode, ImportChange[]>;
