/**
 * Turns what a lookup ended in into the named state the badge and popup show.
 */
import type { LookupOutcome } from '../service/lookup-outcome';
import type { TabView } from './tab-view';

export function viewFromOutcome(
  target: string,
  outcome: LookupOutcome,
  receivedAt: number,
): TabView {
  switch (outcome.kind) {
    case 'report':
      return { status: 'report', target, report: outcome.report, receivedAt, stale: false };
    case 'no-report':
      return {
        status: 'no-report',
        target,
        message: outcome.message,
        resolution: outcome.resolution ?? null,
        scanUrl: outcome.scanUrl,
        documentationUrl: outcome.documentationUrl,
      };
    case 'busy':
      return { status: 'busy', target, retryAt: outcome.retryAt };
    case 'service-moved':
      return {
        status: 'service-moved',
        target,
        message: outcome.message,
        documentationUrl: outcome.documentationUrl,
      };
    case 'unavailable':
      return { status: 'unavailable', target, cause: 'service', retryAt: outcome.retryAt };
    case 'network-failure':
      return { status: 'unavailable', target, cause: 'network', retryAt: null };
    case 'timeout':
      return { status: 'unavailable', target, cause: 'timeout', retryAt: null };
    case 'invalid-response':
      return { status: 'invalid-response', target, problem: outcome.problem };
    case 'invalid-request':
      return { status: 'rejected', target, message: outcome.message };
    case 'service-not-permitted':
      return { status: 'service-not-permitted', target, serviceHost: outcome.host };
  }
}
