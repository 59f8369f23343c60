/** Every message a page sends the worker: the schema of its request and its reply (README). */
import * as z from 'zod/mini';
import { type ImportResult, importRequestSchema } from '../backup/backup-intents';
import { checkRunSchema } from '../checks/check-run-record';
import { isHttpOrigin } from '../contract/http-origin';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { normalisePausedDomain } from '../privacy/paused-domains';
import { BADGE_MODES, type EffectiveSettings, OLD_REPORT_DAYS } from '../settings/settings';
import type { ShownView, TabView } from '../tabs/tab-view';

/** Longer than any address a browser keeps. */
const text = () => z.string().check(z.maxLength(2048));
const origin = () => text().check(z.refine(isHttpOrigin));
/** Text as `normalise` writes it; refused where that gives null. */
const normalised = <T>(normalise: (value: string) => T | null) =>
  z.pipe(
    text(),
    z.transform((value: string, ctx) => {
      const result = normalise(value);
      if (result === null) ctx.issues.push({ code: 'custom', input: value, message: 'refused' });
      return result ?? z.NEVER;
    }),
  );

/** Built on the first request, not when the worker starts. */
export function requestSchemas() {
  return {
    /** A tab's view brought up to date; `trigger`: the user, or a page following the tab. */
    showTab: z.object({
      tabId: z.int(),
      force: z.boolean(),
      trigger: z.enum(['user', 'follow']),
    }),
    showSite: z.object({ origin: origin(), force: z.boolean() }),
    setLookupMode: z.object({ mode: z.enum(['on-click', 'automatic']) }),
    setBadgeMode: z.object({ mode: z.enum(BADGE_MODES) }),
    setOldReportDays: z.object({ days: z.enum(OLD_REPORT_DAYS) }),
    /** A host, or its registrable domain, with its subdomains. */
    pauseSite: z.object({ domain: normalised(normalisePausedDomain) }),
    /** Removes the user's paused domains that cover the origin; the policy's stay. */
    resumeSite: z.object({ origin: origin() }),
    resumeDomain: z.object({ domain: normalised(normalisePausedDomain) }),
    /** A base URL the extension holds the host permission for; null: the build's own. */
    setServiceBaseUrl: z.object({ baseUrl: z.nullable(normalised(normaliseServiceBaseUrl)) }),
    /** False when the list is full, or the page is in a private window. */
    watchSite: z.object({ origin: origin() }),
    unwatchSite: z.object({ origin: text() }),
    clearLookupLog: z.object({}),
    clearLocalData: z.object({}),
    finishCheckRun: z.object({ run: checkRunSchema() }),
    /** Takes back the host access a check asked for: one site's permission, or all (null). */
    removeCheckAccess: z.object({ permission: z.nullable(text()) }),
    importBackup: importRequestSchema(),
  } satisfies { [N in MessageName]: z.ZodMiniType };
}

interface Replies {
  showTab: ShownView | null;
  showSite: TabView | null;
  setLookupMode: EffectiveSettings;
  setBadgeMode: EffectiveSettings;
  setOldReportDays: EffectiveSettings;
  pauseSite: EffectiveSettings;
  resumeSite: EffectiveSettings;
  resumeDomain: EffectiveSettings;
  setServiceBaseUrl: EffectiveSettings;
  watchSite: boolean;
  unwatchSite: null;
  clearLookupLog: null;
  clearLocalData: number;
  importBackup: ImportResult;
  /** False: not kept (cleared since, or no longer that run's record). */
  finishCheckRun: boolean;
  removeCheckAccess: null;
}

type Schemas = ReturnType<typeof requestSchemas>;
export type MessageName = keyof Replies;
export type RequestOf<N extends MessageName> = z.input<Schemas[N]>;
export type CheckedRequest<N extends MessageName> = z.output<Schemas[N]>;
export type ReplyOf<N extends MessageName> = Replies[N];
