/**
 * The records of what the service said: its deprecation notice, and per service the retry
 * gate's pauses and quota (lib/cache/retry-gate.ts).
 */
import * as z from 'zod/mini';
import type { RecordDefinition } from '../stored-record';

function deprecationNoticeSchema() {
  return z.object({
    baseUrl: z.string(),
    deprecatedSince: z.nullable(z.number()),
    sunsetAt: z.nullable(z.number()),
    successor: z.nullable(z.string()),
  });
}

export type StoredDeprecationNotice = z.infer<ReturnType<typeof deprecationNoticeSchema>>;

export const DEPRECATION_NOTICE_RECORD: RecordDefinition<StoredDeprecationNotice | null> = {
  name: 'deprecation-notice',
  area: 'local',
  key: 'service-deprecation:v1',
  version: 1,
  schema: () => z.nullable(deprecationNoticeSchema()),
  fallback: () => null,
};

function quotaSchema() {
  return z.object({ remaining: z.number(), resetAt: z.number() });
}

function retryGateSchema() {
  return z.object({
    failuresInARow: z.number(),
    serviceNotBefore: z.nullable(z.number()),
    targetNotBefore: z.record(z.string(), z.number()),
    busyUntil: z.nullable(z.number()),
    quota: z.nullable(quotaSchema()),
  });
}

export type StoredRetryGate = z.infer<ReturnType<typeof retryGateSchema>>;

export const RETRY_GATE_RECORD: RecordDefinition<StoredRetryGate> = {
  name: 'retry-gate',
  area: 'local',
  key: 'retry-gate:v1:',
  family: true,
  version: 2,
  schema: retryGateSchema,
  // No pause at all: a damaged record costs at most the one pause it held.
  fallback: () => ({
    failuresInARow: 0,
    serviceNotBefore: null,
    targetNotBefore: {},
    busyUntil: null,
    quota: null,
  }),
  migrations: {
    // 0.1.0 left out the busy pause and the quota until the service first stated them.
    2: (older) =>
      typeof older === 'object' && older !== null
        ? { busyUntil: null, quota: null, ...older }
        : older,
  },
};
