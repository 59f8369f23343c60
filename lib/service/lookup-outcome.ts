/**
 * What one lookup against the service can end in. The client returns exactly one of these
 * and never throws, so every caller handles every case by switching on `kind`.
 */
import type { ScanReport } from '../contract/report-schema';

/** The parts of an HTTP response a cache needs: status and plain lower-case headers. */
export interface ResponseMeta {
  status: number;
  headers: Record<string, string>;
}

export type LookupOutcome =
  /** 200 with a body that satisfies the contract. */
  | { kind: 'report'; report: ScanReport; response: ResponseMeta }
  /** 404: no completed report is stored; links are kept only when the server gave them. */
  | {
      kind: 'no-report';
      message: string | null;
      /** What the service says to do (problem details' `resolution`), as text. */
      resolution?: string | null;
      scanUrl: string | null;
      documentationUrl: string | null;
      response: ResponseMeta;
    }
  /**
   * 429: the service is limiting lookups from this network. Not an error: `retryAt` (epoch ms)
   * is from Retry-After or the quota's reset, when either was usable.
   */
  | { kind: 'busy'; retryAt: number | null; message: string | null; response: ResponseMeta }
  /**
   * The service no longer answers at this address: a 404 with code `api_route_not_found`, a
   * 404 that is no JSON body at all (a web server's page, not the service), or a 405.
   */
  | {
      kind: 'service-moved';
      message: string | null;
      documentationUrl: string | null;
      response: ResponseMeta;
    }
  /** 503 (or another 5xx): `retryAt` is absolute (epoch ms) when Retry-After was usable. */
  | { kind: 'unavailable'; retryAt: number | null; response: ResponseMeta }
  /** 400: the service refused our request, which means a bug on our side. */
  | { kind: 'invalid-request'; message: string | null; response: ResponseMeta }
  /** Anything that breaks the contract: a redirect, wrong status, content type, JSON or shape. */
  | { kind: 'invalid-response'; problem: string; response: ResponseMeta | null }
  /** The request never got an HTTP answer (DNS, refused connection, CORS, offline). */
  | { kind: 'network-failure'; message: string }
  /** No complete answer within the client's time limit. */
  | { kind: 'timeout'; timeoutMs: number }
  /**
   * No request was made: the extension holds no permission to reach the service's host (a
   * base URL set by a policy, or a permission the user took back). Says nothing about the site.
   */
  | { kind: 'service-not-permitted'; host: string };

export type LookupOutcomeKind = LookupOutcome['kind'];
