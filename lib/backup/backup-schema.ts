/**
 * The backup file's schema: every value a file may hold, so that reading it is all or nothing.
 * Sites are http(s) origins only, as the watch list takes them; paused domains are host names
 * or addresses (lib/privacy/paused-domains.ts); a service base URL must be an http(s) URL.
 */
import * as z from 'zod/mini';
import { isContractDateTime } from '../contract/date-time';
import { scanChecksSchema } from '../history/score-history';
import { normalisePausedDomain } from '../privacy/paused-domains';
import type { LookupOutcomeKind } from '../service/lookup-outcome';
import { normaliseServiceBaseUrl } from '../service/service-base-url';
import { BADGE_MODES } from '../settings/settings';
import { isWebOrigin } from '../sites/watch-list';
import type { TabViewStatus } from '../tabs/tab-view';
import { BACKUP_FORMAT, BACKUP_VERSION } from './backup-format';

// Records rather than lists so that a new outcome or state fails to compile until it is here.
const LOOKUP_OUTCOMES: Record<LookupOutcomeKind | 'pending', true> = {
  pending: true,
  report: true,
  'no-report': true,
  busy: true,
  'service-moved': true,
  'service-not-permitted': true,
  unavailable: true,
  'invalid-request': true,
  'invalid-response': true,
  'network-failure': true,
  timeout: true,
};

const TAB_VIEW_STATUSES: Record<TabViewStatus, true> = {
  loading: true,
  report: true,
  'no-report': true,
  busy: true,
  'service-moved': true,
  'service-not-permitted': true,
  unavailable: true,
  'invalid-response': true,
  rejected: true,
  'not-looked-up': true,
};

const oneOf =
  <T extends string>(names: Record<T, true>) =>
  (value: unknown): value is T =>
    typeof value === 'string' && Object.hasOwn(names, value);

function buildBackupSchemas() {
  const webOrigin = z.string().check(z.refine(isWebOrigin));
  const pausedDomain = z.string().check(z.refine((value) => normalisePausedDomain(value) !== null));
  const serviceBaseUrl = z.string().check(z.refine((url) => normaliseServiceBaseUrl(url) !== null));
  // Epoch milliseconds; zod's number is finite, as JSON's numbers are.
  const time = z.number();
  const settings = z.object({
    lookupMode: z.enum(['on-click', 'automatic']),
    lookupModeChosen: z.boolean(),
    pausedDomains: z.array(pausedDomain),
    badgeMode: z.enum(BADGE_MODES),
    serviceBaseUrl: z.nullable(serviceBaseUrl),
  });
  const watchRecord = z.object({
    since: time,
    checkedAt: z.nullable(time),
    status: z.optional(z.custom<TabViewStatus>(oneOf(TAB_VIEW_STATUSES))),
    score: z.nullable(z.number()),
    failed: z.array(z.string()),
    seenReport: z.boolean(),
  });
  const scan = z.object({
    scannedAt: z.string().check(z.refine(isContractDateTime)),
    score: z.nullable(z.number().check(z.gte(0), z.lte(100))),
    // A file of a version that kept no checks: they are not known.
    checks: z._default(z.nullable(scanChecksSchema()), null),
  });
  const siteHistory = z.object({ seen: time, scans: z.array(scan) });
  const logEntry = z.object({
    id: z.number(),
    at: time,
    origin: webOrigin,
    service: serviceBaseUrl,
    outcome: z.custom<LookupOutcomeKind | 'pending'>(oneOf(LOOKUP_OUTCOMES)),
    status: z.nullable(z.number()),
  });
  const backup = z.object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    exportedAt: z.iso.datetime(),
    settings,
    watchList: z.record(webOrigin, watchRecord),
    scoreHistory: z.optional(z.record(webOrigin, siteHistory)),
    lookupLog: z.optional(z.array(logEntry)),
  });
  return { watchRecord, scan, logEntry, backup };
}

let schemas: ReturnType<typeof buildBackupSchemas> | null = null;

/**
 * The file's schemas, built at the first use and kept: a worker that starts for something
 * else must not pay for them.
 */
export function backupSchemas(): ReturnType<typeof buildBackupSchemas> {
  schemas ??= buildBackupSchemas();
  return schemas;
}
