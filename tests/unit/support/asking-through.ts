/**
 * Asking the service through the lookup's own requests (lib/lookup/requests.ts), with the
 * records a test does not look at doing nothing: so the log, the score history, the deprecation
 * notice and the developer's warnings are tested on the path a real request takes.
 */
import { createRequests, type LookupRecords } from '../../../lib/lookup/requests';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';

/** The records a test gives, and `warn`; the rest do nothing. */
export type AskingParts = Partial<LookupRecords> & { warn?: (message: string) => void };

export interface AskingOptions {
  baseUrl?: string;
  /** The store's epoch as each request leaves. */
  epoch?: () => number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** A lookup of each origin, answered by `ask`, with `parts` of the records given. */
export function askingThrough(
  ask: (origin: string) => Promise<LookupOutcome>,
  { warn = () => {}, ...parts }: AskingParts,
  options: AskingOptions = {},
): (origin: string) => Promise<LookupOutcome> {
  const baseUrl = options.baseUrl ?? 'http://service.test';
  const requests = createRequests({
    lookupReport: (_baseUrl, origin) => ask(origin),
    access: async () => ({ permitted: true }),
    records: {
      log: { sent: async () => 0, settled: async () => {} },
      notices: { keep: async () => {} },
      history: { record: async () => {} },
      retryGate: {
        admit: async () => null,
        record: async () => null,
        purgeExpired: async () => {},
      } as unknown as LookupRecords['retryGate'],
      cache: {
        get: async () => null,
        put: async () => undefined,
        freshUntilOf: () => undefined,
        purgeExpired: async () => {},
      } as unknown as LookupRecords['cache'],
      ...parts,
    },
    now: options.now ?? (() => 0),
    epoch: options.epoch ?? (() => 0),
    warn,
    onError:
      options.onError ??
      ((error) => {
        throw error;
      }),
  });
  return async (origin) => {
    const result = await requests.ask(baseUrl, origin, { force: true, cached: null, readFrom: 0 });
    if (result.kind !== 'answer') throw new Error(`no answer: ${result.kind}`);
    return result.outcome;
  };
}
