/** The worker's side of the protocol: one listener for every page's requests (README). */
import * as v from 'valibot';
import { type Browser, browser } from 'wxt/browser';
import { type CheckedRequest, type MessageName, type ReplyOf, requestSchemas } from './messages';
import { PROTOCOL, type WorkerMessage, type WorkerReply } from './protocol';

/** `privateWindow`: nothing a private window's page asks about may be looked up or kept. */
export interface RequestOrigin {
  privateWindow: boolean;
}

export type WorkerHandlers = {
  [N in MessageName]: (data: CheckedRequest<N>, from: RequestOrigin) => Promise<ReplyOf<N>>;
};

/** One of this extension's own pages (popup, options, sites...), not a web page's script. */
export function isOwnPage(sender: Pick<Browser.runtime.MessageSender, 'id' | 'url'>): boolean {
  if (sender.id !== browser.runtime.id) return false;
  // A page of the extension has its own address; a content script would have the web page's.
  return sender.url === undefined || sender.url.startsWith(browser.runtime.getURL('/'));
}

let schemas: ReturnType<typeof requestSchemas> | null = null;

export function registerWorkerMessages(
  handlers: WorkerHandlers,
  onError: (error: unknown) => void,
) {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const { protocol, name } = (message ?? {}) as Partial<WorkerMessage>;
    if (protocol !== PROTOCOL || typeof name !== 'string') return undefined;
    const reply = (answer: WorkerReply) => sendResponse(answer);
    const refuse = (error: string) => {
      reply({ ok: false, error });
      return undefined;
    };
    if (!Object.hasOwn(handlers, name)) return refuse('unknown request');
    if (!isOwnPage(sender)) return refuse('not from a page of this extension');
    schemas ??= requestSchemas();
    const parsed = v.safeParse(schemas[name], (message as WorkerMessage).data);
    if (!parsed.success) return refuse('malformed request');
    const handle = handlers[name] as (data: unknown, from: RequestOrigin) => Promise<unknown>;
    // No tab for the popup, the side panel and the sidebar.
    const from = { privateWindow: sender.tab?.incognito === true };
    // Through a promise: a handler that throws before its first await is refused like any other.
    Promise.resolve(parsed.output)
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
