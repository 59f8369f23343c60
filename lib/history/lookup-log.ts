/**
 * The local log of every lookup that left the browser: when, which origin was sent, to which
 * service, and how it ended. The user reads it on the options page and can clear it; it never
 * leaves the browser.
 *
 * An entry is written as the request goes out, side by side with it, so a lookup is on record
 * even if the worker is stopped mid-request (its outcome then stays "pending"). The log keeps
 * the newest entries only.
 */

import type { LookupOutcome, LookupOutcomeKind } from '../service/lookup-outcome';
import { readRecord, watchRecord } from '../storage/record-reads';
import type { RecordStore } from '../storage/record-store';
import { LOOKUP_LOG_RECORD, type StoredLogEntry, type StoredLookupLog } from '../storage/records';

export const LOOKUP_LOG_KEY = LOOKUP_LOG_RECORD.key;

/** Enough for weeks of ordinary browsing, small enough to read at a glance. */
export const MAX_LOG_ENTRIES = 200;

export interface LookupLogEntry extends StoredLogEntry {
  /** When the request left (epoch ms). */
  at: number;
  /** The origin sent as the `url` parameter: the only thing about the user's browsing sent. */
  origin: string;
  /** The service base URL it went to. */
  service: string;
  /** How it ended; a name this version does not know is shown as it is. */
  outcome: LookupOutcomeKind | 'pending' | (string & {});
  /** The HTTP status, when there was an answer. */
  status: number | null;
}

/** The log as stored: the next entry's id and the entries, oldest first. */
export type StoredLog = StoredLookupLog;

const newestFirst = (log: StoredLookupLog): LookupLogEntry[] => log.entries.slice().reverse();

export interface LookupLog {
  /** Notes a request leaving; returns the entry's id, to settle it with the outcome. */
  sent(origin: string, service: string): Promise<number>;
  settled(id: number, outcome: LookupOutcome): Promise<void>;
  /** Empties the log, after every change asked before it. */
  clear(): Promise<void>;
}

/** Every entry, newest first. */
export async function readLookupLog(): Promise<LookupLogEntry[]> {
  return newestFirst(await readRecord(LOOKUP_LOG_RECORD));
}

/** Calls back with the entries (newest first) after every change; returns the stop function. */
export function watchLookupLog(onChange: (entries: LookupLogEntry[]) => void): () => void {
  return watchRecord(LOOKUP_LOG_RECORD, (log) => onChange(newestFirst(log)));
}

export function createLookupLog(deps: {
  store: RecordStore;
  now: () => number;
  maxEntries?: number;
}): LookupLog {
  const maxEntries = deps.maxEntries ?? MAX_LOG_ENTRIES;
  // The store runs one change of the log at a time, in the order asked: two lookups leaving
  // together are both recorded, and a clear asked after a lookup left removes its entry.
  const change = (update: (log: StoredLookupLog) => StoredLookupLog) =>
    deps.store.update(LOOKUP_LOG_RECORD, update);

  return {
    async sent(origin, service) {
      let id = 0;
      await change((log) => {
        id = log.nextId;
        const entry: LookupLogEntry = {
          id,
          at: deps.now(),
          origin,
          service,
          outcome: 'pending',
          status: null,
        };
        return { nextId: log.nextId + 1, entries: [...log.entries, entry].slice(-maxEntries) };
      });
      return id;
    },
    async settled(id, outcome) {
      const status = 'response' in outcome ? (outcome.response?.status ?? null) : null;
      await change((log) =>
        // An entry cleared meanwhile stays cleared: only an entry still there is settled.
        log.entries.some((entry) => entry.id === id)
          ? {
              ...log,
              entries: log.entries.map((entry) =>
                entry.id === id ? { ...entry, outcome: outcome.kind, status } : entry,
              ),
            }
          : log,
      );
    },
    clear: () => change((log) => ({ nextId: log.nextId, entries: [] })).then(() => undefined),
  };
}

/**
 * Wraps the client's lookup so that every request is on record as it leaves. Wrap the
 * client itself, innermost: whatever decides not to ask (cache, retry gate) sends nothing
 * and so records nothing.
 *
 * The entry is written side by side with the request, not before it: both start together,
 * and the entry is on record while the answer is still on its way (writing it first would hold
 * every request back by the log's read and write). How it ended is written once the entry is in,
 * beside the answer's way to the tab. A write that fails goes to `onError`.
 */
export function withLookupLog<Args extends unknown[]>(
  lookup: (target: string, ...rest: Args) => Promise<LookupOutcome>,
  log: LookupLog,
  service: string,
  onError: (error: unknown) => void,
): (target: string, ...rest: Args) => Promise<LookupOutcome> {
  return async (target, ...rest) => {
    const entry = log.sent(target, service);
    const outcome = await lookup(target, ...rest);
    entry.then((id) => log.settled(id, outcome)).catch(onError);
    return outcome;
  };
}
