/** The record of each tab's view, kept for the browser session. */
import * as z from 'zod/mini';
import type { RecordDefinition } from '../stored-record';

/** Every status a tab's view can have; the watch list keeps the last one of each site. */
export const TAB_VIEW_STATUSES = [
  'loading',
  'report',
  'no-report',
  'busy',
  'service-moved',
  'service-not-permitted',
  'unavailable',
  'invalid-response',
  'rejected',
  'not-looked-up',
] as const;

/**
 * A tab's state as stored. The view itself is checked only for its status: the worker wrote
 * it from an answer it had validated, and it lives only as long as the browser session.
 */
function tabStateSchema() {
  return z.object({
    target: z.nullable(z.string()),
    view: z.looseObject({ status: z.enum(TAB_VIEW_STATUSES) }),
    updatedAt: z.number(),
    freshUntil: z.optional(z.number()),
    service: z.string(),
  });
}

export type StoredTabState = z.infer<ReturnType<typeof tabStateSchema>>;

export const TAB_STATE_RECORD: RecordDefinition<StoredTabState | null> = {
  name: 'tab-state',
  area: 'session',
  key: 'tab-state:',
  family: true,
  version: 1,
  schema: () => z.nullable(tabStateSchema()),
  fallback: () => null,
};
