/**
 * What one lookup against the service can end in. The client returns exactly one of these and
 * never throws, so every caller handles every case by switching on `kind`.
 */
import type { ScanReport } from '../contract/report-schema';
import type { MessageKey } from '../locale/i18n';

/** Status and plain lower-case headers: what the cache needs of a response. */
export interface ResponseMeta {
  status: number;
  headers: Record<string, string>;
}

export type LookupOutcome =
  /** 200 with a body that satisfies the contract. */
  | { kind: 'report'; report: ScanReport; response: ResponseMeta }
  /** 404: no completed report is stored; links only when the server gave them. */
  | {
      kind: 'no-report';
      message: string | null;
      /** What the service says to do (problem details' `resolution`). */
      resolution?: string | null;
      scanUrl: string | null;
      documentationUrl: string | null;
      response: ResponseMeta;
    }
  /** 429: not an error; `retryAt` (epoch ms) from Retry-After or the quota's reset. */
  | { kind: 'busy'; retryAt: number | null; response: ResponseMeta }
  /**
   * The service no longer answers at this address: a 404 with code `api_route_not_found`, a
   * 404 without a JSON body (a web server's page, not the service), or a 405.
   */
  | {
      kind: 'service-moved';
      message: string | null;
      documentationUrl: string | null;
      response: ResponseMeta;
    }
  /** 503 (or another 5xx); `retryAt` (epoch ms) when Retry-After was usable. */
  | { kind: 'unavailable'; retryAt: number | null; response: ResponseMeta }
  /** 400: the service refused our request, which means a bug on our side. */
  | { kind: 'invalid-request'; message: string | null; response: ResponseMeta }
  /** A redirect, or a wrong status, content type, JSON or shape. */
  | { kind: 'invalid-response'; problem: string; response: ResponseMeta | null }
  /** No HTTP answer (DNS, refused connection, CORS, offline). */
  | { kind: 'network-failure'; message: string }
  | { kind: 'timeout'; timeoutMs: number }
  /** No request was made: no permission for the service's host. Says nothing about the site. */
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
export const isFailure = (outcome: LookupOutcome) =>
  outcome.kind === 'unavailable' ||
  outcome.kind === 'busy' ||
  outcome.kind === 'timeout' ||
  outcome.kind === 'network-failure';
