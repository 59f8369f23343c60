/**
 * What the worker writes to its console about a lookup. Every outcome already ends in a state
 * the user sees; only the two that mean someone's bug are written, as warnings: a 400 (our
 * request was refused) and a body that broke the contract. Errors stay reserved for faults in
 * the extension itself, so an error there always means something to fix.
 */
import type { LookupOutcome } from './lookup-outcome';

const LOG_PREFIX = 'Agent Readiness Badge:';

/** The warning for an outcome, or null when the outcome is an ordinary state. */
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
