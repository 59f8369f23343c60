/**
 * Asking the service through the lookup's own answer handlers (lib/lookup/answer-handlers.ts),
 * as shared-lookups.ts runs them, with the parts a test does not look at doing nothing: so the
 * log, the score history, the deprecation notice and the developer's warnings are tested on
 * the path a real request takes.
 */
import { type AnswerHandler, createAnswerHandlers } from '../../../lib/lookup/answer-handlers';
import { createSharedLookups } from '../../../lib/lookup/shared-lookups';
import type { LookupOutcome } from '../../../lib/service/lookup-outcome';

type HandlerParts = Parameters<typeof createAnswerHandlers>[0];

export interface AskingOptions {
  baseUrl?: string;
  /** The store's epoch as each request leaves. */
  epoch?: () => number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** The handlers, with the parts not given doing nothing. */
export function answerHandlers(parts: Partial<HandlerParts>): AnswerHandler[] {
  return createAnswerHandlers({
    log: { sent: async () => 0, settled: async () => {} },
    notices: { keep: async () => {} },
    history: { record: async () => {} },
    retryGate: { record: async () => null },
    cache: { put: async () => undefined },
    warn: () => {},
    ...parts,
  });
}

/** A lookup of each origin, answered by `ask`, with `parts` of the handlers given. */
export function askingThrough(
  ask: (origin: string) => Promise<LookupOutcome>,
  parts: Partial<HandlerParts>,
  options: AskingOptions = {},
): (origin: string) => Promise<LookupOutcome> {
  const baseUrl = options.baseUrl ?? 'http://service.test';
  const lookups = createSharedLookups({
    ask: (_baseUrl, origin) => ask(origin),
    access: async () => ({ permitted: true }),
    handlers: answerHandlers(parts),
    cache: {
      get: async () => null,
      put: async () => undefined,
      freshUntilOf: () => undefined,
      purgeExpired: async () => {},
    },
    retryGate: {
      pauseFor: async () => null,
      admit: async () => null,
      record: async () => null,
      purgeExpired: async () => {},
    },
    tabStates: {
      read: async () => null,
      readAll: async () => new Map(),
      set: async () => {},
      remove: async () => {},
    },
    tabs: {
      read: async () => null,
      all: async () => [],
      showBadge: async () => {},
      clearBadge: async () => {},
    },
    readSettings: async () => {
      throw new Error('not read by shared lookups');
    },
    now: options.now ?? (() => 0),
    epoch: options.epoch ?? (() => 0),
    wakeAt: () => {},
    onError:
      options.onError ??
      ((error) => {
        throw error;
      }),
  });
  return async (origin) => {
    const result = await lookups.lookup(baseUrl, origin, {
      force: true,
      cached: null,
      readFrom: 0,
    });
    if (result.kind !== 'answer') throw new Error(`no answer: ${result.kind}`);
    return result.outcome;
  };
}
