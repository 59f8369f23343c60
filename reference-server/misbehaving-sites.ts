/**
 * Sites the reference server misbehaves for from the start, so the e2e tests and a person
 * trying the extension by hand can reach every failure mode just by visiting a host name.
 *
 * They live under the same public-looking domain as the fixture reports (and so pass the
 * extension's lookup-target policy); the fixtures file itself only holds well-formed reports.
 */
import { FIXTURE_DOMAIN, type FixtureName } from './fixtures/reports';
import type { Misbehaviour } from './misbehaviour';

export const MISBEHAVING_ORIGINS = {
  unavailable: `http://unavailable.${FIXTURE_DOMAIN}`,
  slow: `http://slow.${FIXTURE_DOMAIN}`,
  malformed: `http://malformed.${FIXTURE_DOMAIN}`,
  wrongType: `http://wrong-type.${FIXTURE_DOMAIN}`,
  huge: `http://huge.${FIXTURE_DOMAIN}`,
  busy: `http://busy.${FIXTURE_DOMAIN}`,
  retired: `http://retired-route.${FIXTURE_DOMAIN}`,
} as const;

export type MisbehavingSiteName = keyof typeof MISBEHAVING_ORIGINS;

/** Bigger than any real report by orders of magnitude, small enough to stream in a moment. */
export const HUGE_BODY_BYTES = 10 * 1024 * 1024;

/** Long enough to see the loading state by eye, shorter than the client's time limit. */
export const SLOW_DELAY_MS = 3000;

export interface MisbehavingSite {
  origin: string;
  misbehaviour: Misbehaviour;
  /**
   * The fixture whose report, moved to this origin, is served whenever the misbehaviour lets
   * a report through (slow, wrong content type) or once a test resets the misbehaviour.
   */
  reportFrom: FixtureName;
}

export const MISBEHAVING_SITES: Record<MisbehavingSiteName, MisbehavingSite> = {
  unavailable: {
    origin: MISBEHAVING_ORIGINS.unavailable,
    misbehaviour: { kind: 'unavailable', retryAfter: '120' },
    reportFrom: 'mid',
  },
  slow: {
    origin: MISBEHAVING_ORIGINS.slow,
    misbehaviour: { kind: 'slow', delayMs: SLOW_DELAY_MS },
    reportFrom: 'mid',
  },
  malformed: {
    origin: MISBEHAVING_ORIGINS.malformed,
    misbehaviour: { kind: 'malformed-json' },
    reportFrom: 'mid',
  },
  wrongType: {
    origin: MISBEHAVING_ORIGINS.wrongType,
    misbehaviour: { kind: 'wrong-content-type' },
    reportFrom: 'mid',
  },
  huge: {
    origin: MISBEHAVING_ORIGINS.huge,
    misbehaviour: { kind: 'huge-body', bytes: HUGE_BODY_BYTES },
    reportFrom: 'mid',
  },
  busy: {
    origin: MISBEHAVING_ORIGINS.busy,
    misbehaviour: { kind: 'busy', retryAfter: '60' },
    reportFrom: 'mid',
  },
  retired: {
    origin: MISBEHAVING_ORIGINS.retired,
    misbehaviour: { kind: 'route-gone' },
    reportFrom: 'mid',
  },
};

/** The built-in misbehaviours keyed by origin, the form the server's table takes. */
export function builtInMisbehaviours(): Map<string, Misbehaviour> {
  return new Map(
    Object.values(MISBEHAVING_SITES).map((site) => [site.origin, { ...site.misbehaviour }]),
  );
}
