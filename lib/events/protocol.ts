/**
 * The one message protocol between the extension's pages and its worker: every request a page
 * makes, by name, with what it sends and what it gets back (the shape of @webext-core/
 * messaging's protocol map, written here: its build brings the polyfill the extension dropped).
 *
 * Pages read storage themselves and ask the worker for everything else: a lookup, or an
 * intent that changes what is stored ("pause this site", "clear the log"). The worker is the
 * only writer, so intents from several pages at once are applied in one order and none is lost.
 *
 * This file is the page side and carries no schema: the worker checks every request's sender
 * and shape (worker-messages.ts).
 */
import { browser } from 'wxt/browser';
import type { BackupProblem } from '../backup/backup-format';
import type { ImportChange, ImportMode } from '../backup/import-changes';
import type { BadgeMode, EffectiveSettings, LookupMode } from '../settings/settings';
import type { ShownView, ShowTabTrigger, TabView } from '../tabs/tab-view';

/** Request → reply, by message name. */
export interface WorkerProtocol {
  /**
   * Brings a tab's view up to date (answered from the cache when fresh); null: no view.
   * `trigger` says who wants it: the user, or a page that follows the active tab (ShowTabTrigger).
   */
  showTab(data: { tabId: number; force: boolean; trigger: ShowTabTrigger }): ShownView | null;
  /** A site's view, for no tab (the site report window); null: no view. */
  showSite(data: { site: string; force: boolean }): TabView | null;
  /** The consent answer, from the first-run page, the popup or the options page. */
  setLookupMode(data: { mode: LookupMode }): EffectiveSettings;
  /** What the toolbar badge shows, from the options page. */
  setBadgeMode(data: { mode: BadgeMode }): EffectiveSettings;
  /** Never looks up a domain (a host, or its registrable domain) and its subdomains. */
  pauseSite(data: { domain: string }): EffectiveSettings;
  /** Removes the user's paused domains that cover the site (an origin); the policy's stay. */
  resumeSite(data: { site: string }): EffectiveSettings;
  /** Removes one of the user's paused domains, as the options page lists them. */
  resumeDomain(data: { domain: string }): EffectiveSettings;
  /** A base URL the page has the host permission for already; null: the build's own. */
  setServiceBaseUrl(data: { baseUrl: string | null }): EffectiveSettings;
  /** False when the list is full or the site is no web origin. */
  watchSite(data: { origin: string }): boolean;
  unwatchSite(data: { origin: string }): null;
  clearLookupLog(data: Record<string, never>): null;
  /** How many stored records went. */
  clearLocalData(data: Record<string, never>): number;
  /** The backup file's text. */
  exportBackup(data: { includeHistory: boolean; includeLog: boolean }): string;
  /** The file's text again (the worker validates it itself) and how to apply it. */
  importBackup(data: { text: string; mode: ImportMode }): ImportResult;
}

/**
 * What an import did: the changes applied, or why the file was refused (nothing stored was
 * touched then). `baseUrlKept`: the file names a service the extension has no permission for,
 * so the current one stays.
 */
export type ImportResult =
  | { ok: true; changes: ImportChange[]; baseUrlKept: boolean }
  | { ok: false; problem: BackupProblem };

export type MessageName = keyof WorkerProtocol;
export type RequestOf<N extends MessageName> = Parameters<WorkerProtocol[N]>[0];
export type ReplyOf<N extends MessageName> = ReturnType<WorkerProtocol[N]>;

/** What travels: the protocol's mark, so no other message is ever taken for one of ours. */
export interface WorkerMessage {
  protocol: typeof PROTOCOL;
  name: MessageName;
  data: unknown;
}

export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: string };

export const PROTOCOL = 'agent-readiness-badge/1';

/** How often a page asks before it gives up on a worker that does not answer. */
const ATTEMPTS = 3;

/** The worker could not be reached, or refused the request. */
export class WorkerRequestError extends Error {}

/**
 * Sends a request to the worker and resolves to its reply.
 *
 * Firefox unloads an idle MV2 event page, and one unloaded while it held a request leaves the
 * page with "Receiving end does not exist" (or no answer at all): asking again starts it anew.
 * Every request is safe to repeat (each intent states the end it wants, not a step). Rejects
 * with WorkerRequestError after the last try, or when the worker refused the request.
 */
export async function sendToWorker<N extends MessageName>(
  name: N,
  data: RequestOf<N>,
): Promise<ReplyOf<N>> {
  const message: WorkerMessage = { protocol: PROTOCOL, name, data };
  let lastProblem = 'no answer';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let reply: WorkerReply | undefined;
    try {
      reply = (await browser.runtime.sendMessage(message)) as WorkerReply | undefined;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
      continue;
    }
    if (reply === undefined || reply === null || typeof reply !== 'object') continue;
    if (reply.ok) return reply.value as ReplyOf<N>;
    throw new WorkerRequestError(`${name}: ${reply.error}`);
  }
  throw new WorkerRequestError(`${name}: ${lastProblem}`);
}

/**
 * A tab's view brought up to date; null when the worker gave none or could not be reached
 * (the page then keeps showing what storage holds). `force` skips the cache (Refresh).
 */
export function requestTabView(
  tabId: number,
  options: { force: boolean; trigger: ShowTabTrigger },
): Promise<ShownView | null> {
  return sendToWorker('showTab', { tabId, ...options }).catch(() => null);
}

/** A site's view; null when the worker gave none or could not be reached. */
export function requestSiteView(site: string, force: boolean): Promise<TabView | null> {
  return sendToWorker('showSite', { site, force }).catch(() => null);
}
