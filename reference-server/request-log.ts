/**
 * Every request the reference server received, in order. Tests read it to prove what the
 * extension sent (only the origin, one `url` parameter, no cookies) and how often.
 */
import type { IncomingMessage } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** The path as sent, without the query string; not percent-decoded. */
  path: string;
  /** The raw query string as sent, without the leading "?" (empty when there was none). */
  query: string;
  /** The first `url` query parameter as the server decodes it, or null when absent. */
  url: string | null;
  /** Request headers with lower-case names, as Node parsed them. */
  headers: Record<string, string | string[]>;
  /** When the request arrived (epoch ms). */
  receivedAt: number;
}

/**
 * Bounded so a server left running for days (npm start) cannot grow without limit; the
 * default is far more than any test sends.
 */
export const DEFAULT_REQUEST_LOG_LIMIT = 10_000;

export class RequestLog {
  readonly #entries: RecordedRequest[] = [];
  readonly #limit: number;

  constructor(limit = DEFAULT_REQUEST_LOG_LIMIT) {
    this.#limit = limit;
  }

  record(request: IncomingMessage, target: { path: string; query: string }): RecordedRequest {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = value;
    }
    const entry: RecordedRequest = {
      method: request.method ?? '',
      path: target.path,
      query: target.query,
      url: new URLSearchParams(target.query).get('url'),
      headers,
      receivedAt: Date.now(),
    };
    this.#entries.push(entry);
    if (this.#entries.length > this.#limit)
      this.#entries.splice(0, this.#entries.length - this.#limit);
    return entry;
  }

  /** A copy, so a test holding it sees a snapshot rather than later requests appearing. */
  entries(): RecordedRequest[] {
    return this.#entries.map((entry) => ({ ...entry, headers: { ...entry.headers } }));
  }

  clear(): void {
    this.#entries.length = 0;
  }
}
