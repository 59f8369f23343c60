/**
 * What the background worker writes to its console about a lookup. Every outcome already ends
 * in a named state the user sees; the console is for whoever debugs the extension or the
 * service. Only the two outcomes that mean someone's bug are written, as warnings: a 400 (the
 * extension sent a request the service refused) and a body that broke the contract. The
 * console's errors stay reserved for faults in the extension itself, so an error there always
 * means something to fix.
 */
import type { LookupOutcome } from './lookup-outcome';

export const LOG_PREFIX = 'Agent Readiness Badge:';

export interface WarningLog {
  warn(...data: unknown[]): void;
}

/** The warning for an outcome, or null when the outcome is an ordinary state. */
export function outcomeWarning(target: string, outcome: LookupOutcome): string | null {
  switch (outcome.kind) {
    case 'invalid-request': {
      const message = outcome.message === null ? '' : `: ${outcome.message.slice(0, 200)}`;
      return `${LOG_PREFIX} the report service refused the lookup of ${target} (HTTP ${outcome.response.status}${message}). The extension sent a request the service does not accept; it is not retried automatically.`;
    }
    case 'invalid-response': {
      // Status 0 is the browser's opaque redirect, which has no status worth naming.
      const status =
        outcome.response === null || outcome.response.status === 0
          ? ''
          : ` (HTTP ${outcome.response.status})`;
      return `${LOG_PREFIX} the report service's answer for ${target}${status} broke the contract: ${outcome.problem}`;
    }
    case 'service-moved': {
      const code = outcome.response.status;
      return `${LOG_PREFIX} the report service no longer answers lookups at its configured address (HTTP ${code} for ${target}). The extension needs an update, or the service address in the options is wrong.`;
    }
    case 'report':
    case 'no-report':
    case 'busy':
    case 'unavailable':
    case 'network-failure':
    case 'timeout':
    // No request left: the popup and the options page say what to do.
    case 'service-not-permitted':
      return null;
  }
}

/** Wraps a lookup so each outcome that needs a developer's eye is written to `log`. */
export function withOutcomeLog<Args extends unknown[]>(
  lookup: (target: string, ...rest: Args) => Promise<LookupOutcome>,
  log: WarningLog,
): (target: string, ...rest: Args) => Promise<LookupOutcome> {
  return async (target, ...rest) => {
    const outcome = await lookup(target, ...rest);
    const warning = outcomeWarning(target, outcome);
    if (warning !== null) log.warn(warning);
    return outcome;
  };
}
