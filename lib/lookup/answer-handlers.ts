/**
 * What follows a request, in order: the lookup log as it leaves; with the answer, a warning for
 * answers that mean someone's bug, the deprecation notice, the score history, the retry gate and
 * the cache. The tab is shown the answer once the last two are written, so the next lookup finds
 * them; a failure of any is reported, never costing the user the answer.
 */
import type { ReportCache } from '../cache/report-cache';
import type { RetryGate } from '../cache/retry-gate';
import type { LookupLog } from '../history/lookup-log';
import type { ScoreHistory } from '../history/score-history';
import type { DeprecationNotices } from '../service/deprecation-notice';
import type { LookupOutcome } from '../service/lookup-outcome';
import { outcomeWarning } from '../service/outcome-log';
import type { Epoch } from '../storage/store';

/** A request to the service, as it leaves. */
export interface LookupRequest {
  baseUrl: string;
  origin: string;
  /** The epoch it began in: what it learns is not kept if local data is cleared meanwhile. */
  since: Epoch;
}

export interface Answer {
  request: LookupRequest;
  outcome: LookupOutcome;
  receivedAt: number;
}

export interface AnswerHandler {
  /** As the request leaves, side by side with it. */
  sent?(request: LookupRequest): void;
  /** Once the answer is in; a `{ retryAt }` it resolves to is the tab's next try. */
  answered(answer: Answer): unknown;
  /** The tab is shown the answer only once this handler is done. */
  beforeShown?: boolean;
}

export function createAnswerHandlers(deps: {
  log: Pick<LookupLog, 'sent' | 'settled'>;
  notices: Pick<DeprecationNotices, 'keep'>;
  history: Pick<ScoreHistory, 'record'>;
  retryGate: Pick<RetryGate, 'record'>;
  cache: Pick<ReportCache, 'put'>;
  warn(message: string): void;
}): AnswerHandler[] {
  // The log entry of each request under way, to settle with its answer.
  const entries = new WeakMap<LookupRequest, Promise<number>>();
  return [
    {
      sent(request) {
        entries.set(request, deps.log.sent(request.origin, request.baseUrl));
      },
      async answered(answer) {
        const entry = entries.get(answer.request);
        if (entry !== undefined) await deps.log.settled(await entry, answer.outcome);
      },
    },
    {
      answered({ request, outcome }) {
        const warning = outcomeWarning(request.origin, outcome);
        if (warning !== null) deps.warn(warning);
      },
    },
    { answered: ({ request, outcome }) => deps.notices.keep(request.baseUrl, outcome) },
    {
      async answered({ request, outcome }) {
        if (outcome.kind !== 'report') return;
        await deps.history.record(request.origin, outcome.report, request.since);
      },
    },
    {
      beforeShown: true,
      answered: async ({ request: { baseUrl, origin, since }, outcome, receivedAt }) => ({
        retryAt: await deps.retryGate.record(baseUrl, origin, outcome, receivedAt, since),
      }),
    },
    {
      beforeShown: true,
      answered: ({ request: { baseUrl, origin, since }, outcome, receivedAt }) =>
        deps.cache.put(baseUrl, origin, outcome, receivedAt, since),
    },
  ];
}
