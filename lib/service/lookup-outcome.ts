/** What one lookup can end in (README): the client returns one of these and never throws. */
import type { ScanReport } from '../contract/report-schema';
import type { MessageKey } from '../locale/i18n';

/** Status and plain lower-case headers: what the cache needs of a response. */
export interface ResponseMeta {
  status: number;
  headers: Record<string, string>;
}

export type LookupOutcome =
  | { kind: 'report'; report: ScanReport; response: ResponseMeta }
  | {
      kind: 'no-report';
      message: string | null;
      resolution?: string | null;
      scanUrl: string | null;
      documentationUrl: string | null;
      response: ResponseMeta;
    }
  | { kind: 'busy'; retryAt: number | null; response: ResponseMeta }
  | {
      kind: 'service-moved';
      message: string | null;
      documentationUrl: string | null;
      response: ResponseMeta;
    }
  | { kind: 'unavailable'; retryAt: number | null; response: ResponseMeta }
  | { kind: 'invalid-request'; message: string | null; response: ResponseMeta }
  | { kind: 'invalid-response'; problem: string; response: ResponseMeta | null }
  | { kind: 'network-failure'; message: string }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'service-not-permitted'; serviceHost: string };

export type LookupOutcomeKind = LookupOutcome['kind'];

/** How each ending reads in the lookup log, where a request is also "pending" until it ends. */
export const OUTCOME_WORDS: Readonly<Record<LookupOutcomeKind | 'pending', MessageKey>> = {
  pending: 'outcomePending',
  report: 'outcomeReport',
  'no-report': 'outcomeNoReport',
  unavailable: 'outcomeUnavailable',
  busy: 'outcomeBusy',
  'service-moved': 'outcomeServiceMoved',
  'service-not-permitted': 'outcomeServiceNotPermitted',
  'invalid-request': 'outcomeInvalidRequest',
  'invalid-response': 'outcomeInvalidResponse',
  'network-failure': 'outcomeNetworkFailure',
  timeout: 'outcomeTimeout',
};

/** The service could not or would not answer now (rather than "no report" or "invalid"). */
const FAILURES = new Set<LookupOutcomeKind>(['unavailable', 'busy', 'timeout', 'network-failure']);

export const isFailure = (outcome: LookupOutcome) => FAILURES.has(outcome.kind);

const LOG_PREFIX = 'Agent Readiness Badge:';

/** A console warning for an outcome that means someone's bug (README), else null. */
export function outcomeWarning(origin: string, outcome: LookupOutcome): string | null {
  switch (outcome.kind) {
    case 'invalid-request': {
      const message = outcome.message === null ? '' : `: ${outcome.message.slice(0, 200)}`;
      return `${LOG_PREFIX} the report service refused the lookup of ${origin} (HTTP ${outcome.response.status}${message}). The extension sent a request the service does not accept; it is not retried automatically.`;
    }
    case 'invalid-response': {
      // Status 0 is the browser's opaque redirect, which has no status worth naming.
      const status = outcome.response?.status ? ` (HTTP ${outcome.response.status})` : '';
      return `${LOG_PREFIX} the report service's answer for ${origin}${status} broke the contract: ${outcome.problem}`;
    }
    case 'service-moved':
      return `${LOG_PREFIX} the report service no longer answers lookups at its configured address (HTTP ${outcome.response.status} for ${origin}). The extension needs an update, or the service address in the options is wrong.`;
    default:
      return null;
  }
}
