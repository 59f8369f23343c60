/** Every message a page sends the worker: the schema of its request and its reply (README). */
import * as v from 'valibot';
import { type ImportResult, importRequestSchema } from '../backup/backup-intents';
import { checkRunSchema } from '../checks/check-run-record';
import { isHttpOrigin } from '../contract/http-origin';
import { jsonObjectOf } from '../contract/json-schemas';
import { normaliseServiceBaseUrl } from '../contract/service-base-url';
import { normalisePausedDomain } from '../privacy/paused-domains';
import { BADGE_MODES, type EffectiveSettings, OLD_REPORT_DAYS } from '../settings/settings';
import type { ShownView, TabView } from '../tabs/tab-view';

/** Longer than any address a browser keeps. */
const text = () => v.pipe(v.string(), v.maxLength(2048));
const origin = () => v.pipe(text(), v.check(isHttpOrigin));
/** Text as `normalise` writes it; refused where that gives null. */
const normalised = <T>(normalise: (value: string) => T | null) =>
  v.pipe(
    text(),
    v.rawTransform<string, T>(({ dataset, addIssue, NEVER }) => {
      const result = normalise(dataset.value);
      if (result === null) addIssue({ message: 'refused' });
      return result ?? NEVER;
    }),
  );
/** A request without data: `{}`, which an array must not pass for. */
const noData = () => jsonObjectOf({});

/** Built on the first request, not when the worker starts. */
export function requestSchemas() {
  return {
    /** A tab's view brought up to date; `trigger`: the user, or a page following the tab. */
    showTab: v.object({
      tabId: v.pipe(v.number(), v.safeInteger()),
      force: v.boolean(),
      trigger: v.picklist(['user', 'follow']),
    }),
    showSite: v.object({ origin: origin(), force: v.boolean() }),
    setLookupMode: v.object({ mode: v.picklist(['on-click', 'automatic']) }),
    setBadgeMode: v.object({ mode: v.picklist(BADGE_MODES) }),
    setOldReportDays: v.object({ days: v.picklist(OLD_REPORT_DAYS) }),
    /** A host, or its registrable domain, with its subdomains. */
    pauseSite: v.object({ domain: normalised(normalisePausedDomain) }),
    /** Removes the user's paused domains that cover the origin; the policy's stay. */
    resumeSite: v.object({ origin: origin() }),
    resumeDomain: v.object({ domain: normalised(normalisePausedDomain) }),
    /** A base URL the extension holds the host permission for; null: the build's own. */
    setServiceBaseUrl: v.object({ baseUrl: v.nullable(normalised(normaliseServiceBaseUrl)) }),
    /** False when the list is full, or the page is in a private window. */
    watchSite: v.object({ origin: origin() }),
    unwatchSite: v.object({ origin: text() }),
    clearLookupLog: noData(),
    clearLocalData: noData(),
    finishCheckRun: v.object({ run: checkRunSchema() }),
    /** Takes back the host access a check asked for: one site's permission, or all (null). */
    removeCheckAccess: v.object({ permission: v.nullable(text()) }),
    importBackup: importRequestSchema(),
  } satisfies { [N in MessageName]: v.GenericSchema };
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
export type RequestOf<N extends MessageName> = v.InferInput<Schemas[N]>;
export type CheckedRequest<N extends MessageName> = v.InferOutput<Schemas[N]>;
export type ReplyOf<N extends MessageName> = Replies[N];
