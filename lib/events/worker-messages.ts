/**
 * The worker's side of the protocol (protocol.ts): one listener for every page's requests. A
 * request is answered only when it comes from one of this extension's own pages and its data
 * has the shape its name promises; anything else gets a refusal, never a partial action.
 *
 * runtime.onMessage hears only this extension's own contexts (other extensions and web pages
 * would arrive on onMessageExternal, which is not listened to); the sender is checked all the
 * same, so a content script, should one ever be added, cannot send intents.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { BADGE_MODES } from '../settings/settings';
import {
  type MessageName,
  PROTOCOL,
  type ReplyOf,
  type RequestOf,
  type WorkerMessage,
  type WorkerReply,
} from './protocol';

/** Where a request came from, as far as the worker's answer depends on it. */
export interface RequestOrigin {
  /**
   * The page is in a private window (Firefox shows extension pages in private tabs): nothing
   * it asks about may be looked up or kept.
   */
  privateWindow: boolean;
}

/** What the worker does for each request. */
export type WorkerHandlers = {
  [N in MessageName]: (data: RequestOf<N>, from: RequestOrigin) => Promise<ReplyOf<N>>;
};

const origin = () => z.string().check(z.maxLength(2048));
const empty = () => z.object({});

/** Each request's data, checked before its handler runs. Built on the first request. */
function requestSchemas(): { [N in MessageName]: z.ZodMiniType<RequestOf<N>> } {
  return {
    showTab: z.object({
      tabId: z.int(),
      force: z.boolean(),
      trigger: z.enum(['user', 'follow']),
    }),
    showSite: z.object({ site: origin(), force: z.boolean() }),
    setLookupMode: z.object({ mode: z.enum(['on-click', 'automatic']) }),
    setBadgeMode: z.object({ mode: z.enum(BADGE_MODES) }),
    pauseSite: z.object({ domain: origin() }),
    resumeSite: z.object({ site: origin() }),
    resumeDomain: z.object({ domain: origin() }),
    setServiceBaseUrl: z.object({ baseUrl: z.nullable(origin()) }),
    watchSite: z.object({ origin: origin() }),
    unwatchSite: z.object({ origin: origin() }),
    clearLookupLog: empty(),
    clearLocalData: empty(),
    exportBackup: z.object({ includeHistory: z.boolean(), includeLog: z.boolean() }),
    importBackup: z.object({ text: z.string(), mode: z.enum(['merge', 'replace']) }),
  } as unknown as { [N in MessageName]: z.ZodMiniType<RequestOf<N>> };
}

let schemas: ReturnType<typeof requestSchemas> | null = null;

function isWorkerMessage(message: unknown): message is WorkerMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as Partial<WorkerMessage>).protocol === PROTOCOL &&
    typeof (message as Partial<WorkerMessage>).name === 'string'
  );
}

interface Sender {
  id?: string;
  url?: string;
  /** The tab the page is in, when it is in one (not the popup, the side panel or the sidebar). */
  tab?: { incognito?: boolean };
}

/** What the sender says about where the page is. */
export function requestOriginOf(sender: Sender): RequestOrigin {
  return { privateWindow: sender.tab?.incognito === true };
}

/** One of this extension's own pages (popup, options, sites...), not a web page's script. */
export function isOwnPage(sender: Sender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  // A page of the extension has its own address; a content script would have the web page's.
  return sender.url === undefined || sender.url.startsWith(browser.runtime.getURL('/'));
}

export function registerWorkerMessages(
  handlers: WorkerHandlers,
  onError: (error: unknown) => void,
) {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!isWorkerMessage(message)) return undefined;
    const reply = (answer: WorkerReply) => sendResponse(answer);
    const name = message.name;
    if (!Object.hasOwn(handlers, name)) {
      reply({ ok: false, error: 'unknown request' });
      return undefined;
    }
    if (!isOwnPage(sender as Sender)) {
      reply({ ok: false, error: 'not from a page of this extension' });
      return undefined;
    }
    schemas ??= requestSchemas();
    const parsed = schemas[name].safeParse(message.data);
    if (!parsed.success) {
      reply({ ok: false, error: 'malformed request' });
      return undefined;
    }
    const handle = handlers[name] as (data: unknown, from: RequestOrigin) => Promise<unknown>;
    const from = requestOriginOf(sender as Sender);
    // Through a promise: a handler that throws before its first await is refused like any other.
    Promise.resolve(parsed.data)
      .then((data) => handle(data, from))
      .then(
        (value) => reply({ ok: true, value: value ?? null }),
        (error: unknown) => {
          onError(error);
          reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
        },
      );
    // `sendResponse` + `return true` keeps the channel open in every browser.
    return true;
  });
}
