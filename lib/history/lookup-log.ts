/** Every lookup that left the browser (README), shown in the options page; the newest kept. */
import * as v from 'valibot';
import { jsonNumber } from '../contract/json-schemas';
import type { LookupOutcome } from '../service/lookup-outcome';
import { isObject, parseWith, type StoredRecord } from '../storage/record';
import type { Store } from '../storage/store';

/** Enough for weeks of ordinary browsing, small enough to read at a glance. */
export const MAX_LOG_ENTRIES = 200;

function logEntrySchema() {
  return v.object({
    id: jsonNumber(),
    at: jsonNumber(),
    /** The `url` parameter: the only thing about the user's browsing sent. */
    origin: v.string(),
    service: v.string(),
    /** A LookupOutcomeKind or 'pending'; a name a later version adds is still a line in the log. */
    outcome: v.string(),
    status: v.fallback(v.nullable(jsonNumber()), null),
    /** A check run's requests to the site itself (`outcome`: check-running, check-run, ...). */
    requests: v.optional(jsonNumber()),
  });
}

const storedLogSchema = () =>
  v.object({ nextId: jsonNumber(), entries: v.array(logEntrySchema()) });

export type LookupLogEntry = v.InferOutput<ReturnType<typeof logEntrySchema>>;
/** Entries oldest first. */
export type StoredLog = v.InferOutput<ReturnType<typeof storedLogSchema>>;

const parseLogEntry = parseWith(logEntrySchema);

export const LOOKUP_LOG_RECORD: StoredRecord<StoredLog> = {
  name: 'lookup-log',
  area: 'local',
  key: 'lookup-log:v1',
  asText: true,
  version: 1,
  parse: parseWith(storedLogSchema),
  fallback: () => ({ nextId: 1, entries: [] }),
  // A damaged entry is dropped, not the whole log; ids go on after the ones kept.
  salvage(raw) {
    if (!isObject(raw)) return undefined;
    const { entries, nextId } = raw;
    const kept = (Array.isArray(entries) ? entries : []).flatMap(
      (value) => parseLogEntry(value) ?? [],
    );
    const next = Math.max(
      typeof nextId === 'number' && Number.isFinite(nextId) ? nextId : 0,
      ...kept.map((value) => value.id + 1),
      1,
    );
    return { nextId: next, entries: kept };
  },
};

const CHECK_OUTCOMES: Record<string, string> = {
  running: 'check-running',
  abandoned: 'check-abandoned',
};

export type LookupLog = ReturnType<typeof createLookupLog>;

type LoggedRun = { origin: string; at: number; state: string; requests: readonly unknown[] };

export function createLookupLog(deps: { store: Store; now: () => number; maxEntries?: number }) {
  const maxEntries = deps.maxEntries ?? MAX_LOG_ENTRIES;
  // One change at a time, in the order asked: two lookups leaving together are both recorded,
  // and a clear asked after a lookup left removes its entry.
  const change = (update: (log: StoredLog) => StoredLog) =>
    deps.store.update(LOOKUP_LOG_RECORD, update);
  const append = (log: StoredLog, entry: Omit<LookupLogEntry, 'id'>): StoredLog => ({
    nextId: log.nextId + 1,
    entries: [...log.entries, { id: log.nextId, ...entry }].slice(-maxEntries),
  });
  /** Settled only where it is still listed: an entry cleared meanwhile stays cleared. */
  const settle = (which: (entry: LookupLogEntry) => boolean, settled: Partial<LookupLogEntry>) =>
    change((log) =>
      log.entries.some(which)
        ? { ...log, entries: log.entries.map((one) => (which(one) ? { ...one, ...settled } : one)) }
        : log,
    );
  return {
    /** Resolves to the entry's id, to settle it with the outcome. */
    async sent(origin: string, service: string): Promise<number> {
      let id = 0;
      await change((log) => {
        id = log.nextId;
        return append(log, { at: deps.now(), origin, service, outcome: 'pending', status: null });
      });
      return id;
    },
    async settled(id: number, outcome: LookupOutcome): Promise<void> {
      const status = 'response' in outcome ? (outcome.response?.status ?? null) : null;
      await settle((entry) => entry.id === id, { outcome: outcome.kind, status });
    },
    /** A check run from the browser, noted as it starts and settled as it ends. */
    async checkRun(run: LoggedRun): Promise<void> {
      const outcome = CHECK_OUTCOMES[run.state] ?? 'check-run';
      const requests = run.requests.length;
      if (run.state !== 'running') {
        const same = (logged: LookupLogEntry) =>
          logged.origin === run.origin &&
          logged.at === run.at &&
          logged.outcome.startsWith('check');
        await settle(same, { outcome, requests });
        return;
      }
      const { at, origin } = run;
      await change((log) =>
        append(log, { at, origin, service: origin, outcome, status: null, requests }),
      );
    },
    clear: async () => {
      await change((log) => ({ nextId: log.nextId, entries: [] }));
    },
  };
}
