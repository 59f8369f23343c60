/**
 * lib/history/ — what the extension remembers for the user to read or clear: the lookup log,
 * score history, and clearing local data. Imports the layers below it only; not lib/cache/.
 *
 * The local log of every lookup that left the browser: when, which origin was sent, to which
 * service, and how it ended. The user reads it on the options page and can clear it; it never
 * leaves the browser.
 *
 * An entry is written as the request goes out, side by side with it, so a lookup is on record
 * even if the worker is stopped mid-request (its outcome then stays "pending"). The log keeps
 * the newest entries only.
 */

import type { LookupOutcome, LookupOutcomeKind } from '../service/lookup-outcome';
import { createKeyedQueue } from '../storage/keyed-queue';
import { readLocal, removeLocal, watchLocal, writeLocal } from '../storage/local-records';

export const LOOKUP_LOG_KEY = 'lookup-log:v1';

/** Enough for weeks of ordinary browsing, small enough to read at a glance. */
export const MAX_LOG_ENTRIES = 200;

export interface LookupLogEntry {
  id: number;
  /** When the request left (epoch ms). */
  at: number;
  /** The origin sent as the `url` parameter: the only thing about the user's browsing sent. */
  origin: string;
  /** The service base URL it went to. */
  service: string;
  outcome: LookupOutcomeKind | 'pending';
  /** The HTTP status, when there was an answer. */
  status: number | null;
}

interface StoredLog {
  nextId: number;
  /** Oldest first. */
  entries: LookupLogEntry[];
}

const EMPTY: StoredLog = { nextId: 1, entries: [] };

function isEntry(value: unknown): value is LookupLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<LookupLogEntry>;
  return (
    typeof entry.id === 'number' &&
    typeof entry.at === 'number' &&
    typeof entry.origin === 'string' &&
    typeof entry.service === 'string' &&
    typeof entry.outcome === 'string'
  );
}

/** A stored log as far as it is readable: a damaged entry is dropped, not the whole log. */
function parseLog(stored: unknown): StoredLog {
  if (typeof stored !== 'object' || stored === null) return EMPTY;
  const raw = stored as Partial<StoredLog>;
  const entries = Array.isArray(raw.entries) ? raw.entries.filter(isEntry) : [];
  const nextId =
    typeof raw.nextId === 'number'
      ? raw.nextId
      : Math.max(0, ...entries.map((entry) => entry.id)) + 1;
  return { nextId, entries };
}

export interface LookupLog {
  /** Notes a request leaving; returns the entry's id, to settle it with the outcome. */
  sent(origin: string, service: string): Promise<number>;
  settled(id: number, outcome: LookupOutcome): Promise<void>;
}

/** Every entry, newest first. */
export async function readLookupLog(): Promise<LookupLogEntry[]> {
  return parseLog(await readLocal(LOOKUP_LOG_KEY))
    .entries.slice()
    .reverse();
}

export async function clearLookupLog(): Promise<void> {
  await removeLocal(LOOKUP_LOG_KEY);
}

/** Calls back with the entries (newest first) after every change; returns the stop function. */
export function watchLookupLog(onChange: (entries: LookupLogEntry[]) => void): () => void {
  return watchLocal(LOOKUP_LOG_KEY, (value) => onChange(parseLog(value).entries.slice().reverse()));
}

export function createLookupLog(deps: { now: () => number; maxEntries?: number }): LookupLog {
  const maxEntries = deps.maxEntries ?? MAX_LOG_ENTRIES;
  // One read-modify-write at a time: two lookups leaving together must both be recorded.
  const queue = createKeyedQueue<'log'>();
  const change = <T>(update: (log: StoredLog) => { log: StoredLog; result: T }) =>
    queue.run('log', async () => {
      const { log, result } = update(parseLog(await readLocal(LOOKUP_LOG_KEY)));
      await writeLocal(LOOKUP_LOG_KEY, log);
      return result;
    });

  return {
    sent: (origin, service) =>
      change((log) => {
        const entry: LookupLogEntry = {
          id: log.nextId,
          at: deps.now(),
          origin,
          service,
          outcome: 'pending',
          status: null,
        };
        const entries = [...log.entries, entry].slice(-maxEntries);
        return { log: { nextId: log.nextId + 1, entries }, result: entry.id };
      }),
    settled: (id, outcome) =>
      change((log) => {
        const status = 'response' in outcome ? (outcome.response?.status ?? null) : null;
        const entries = log.entries.map((entry) =>
          entry.id === id ? { ...entry, outcome: outcome.kind, status } : entry,
        );
        return { log: { ...log, entries }, result: undefined };
      }),
  };
}

/**
 * Wraps the client's lookup so that every request is on record as it leaves. Wrap the
 * client itself, innermost: whatever decides not to ask (cache, retry gate) sends nothing
 * and so records nothing.
 *
 * The entry is written side by side with the request, not before it: both start together,
 * and the entry is on record while the answer is still on its way (the log's read and write
 * cost about as much as the request itself). How it ended is written once the entry is in,
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
