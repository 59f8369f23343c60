/**
 * Messages between a page and the worker over WXT's fake browser, as a browser delivers them.
 *
 * The fake browser hands every runtime.onMessage listener an empty sender (`{}`: no extension
 * id, no address), which the worker rightly refuses, and it loses a reply given through
 * `sendResponse` unless the listener also returned true. A browser names the extension and the
 * page that sent the message, and delivers a reply given during the listener's call either way.
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackupIntents } from '../../../lib/backup/backup-intents';
import { createCheckAccess } from '../../../lib/checks/check-access';
import { type CheckRunLog, createCheckRuns } from '../../../lib/checks/check-runs';
import { configuredServiceBaseUrl } from '../../../lib/contract/service-base-url';
import { createLookupLog } from '../../../lib/history/lookup-log';
import { registerWorkerMessages } from '../../../lib/messaging/worker-messages';
import type { Store } from '../../../lib/storage/store';
import { readTab } from '../../../lib/tabs/browser-tabs';
import { createWorkerIntents } from '../../../lib/worker/worker-intents';

export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { incognito: boolean };
}

/** The sender a browser names for a message from one of the extension's own pages. */
export const extensionPage = (path = '/options.html'): MessageSender => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL(path),
});

/**
 * The sender of a page shown in a tab of a private window (Firefox shows extension pages
 * there when the add-on may run in private windows).
 */
export const extensionPageInPrivateTab = (path = '/site-report.html'): MessageSender => ({
  ...extensionPage(path),
  tab: { incognito: true },
});

/** What Chromium and Firefox say when no listener is there to receive a message. */
export const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';

/**
 * Makes runtime.sendMessage deliver every message from `sender`, as a browser would. Returns
 * the spy (restored after each test by the configuration's restoreMocks).
 */
export function deliverMessagesFrom(sender: MessageSender) {
  const deliver = async (message: unknown): Promise<unknown> => {
    let replied = false;
    let answer!: (value: unknown) => void;
    const answered = new Promise<unknown>((resolve) => {
      answer = resolve;
    });
    const sendResponse = (value: unknown) => {
      if (replied) return;
      replied = true;
      answer(value);
    };
    if (!fakeBrowser.runtime.onMessage.hasListeners()) throw new Error(NO_RECEIVER);
    let results: unknown[] = [];
    try {
      results = await fakeBrowser.runtime.onMessage.trigger(message, sender as never, sendResponse);
    } catch {
      // A listener that throws is the receiving context's error: the browser reports it
      // there, and the sender hears no reply from that listener.
    }
    if (replied || results.some((result) => result === true)) return answered;
    return undefined;
  };
  return vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(deliver as never);
}

/** The worker's check-run records and check access as the background makes them. */
export function checkParts(store: Store, lookupLog: CheckRunLog, now: () => number) {
  return {
    checkRuns: createCheckRuns({
      store,
      log: lookupLog,
      now,
      isPrivateTab: async (tabId) => (await readTab(tabId))?.incognito === true,
    }),
    checkAccess: createCheckAccess({
      store,
      serviceBaseUrl: async () => configuredServiceBaseUrl(),
    }),
  };
}

/**
 * The worker's side as the background starts it, over `store`, with lookups that show nothing;
 * and messages delivered as from the options page. For tests of pages that send intents.
 */
export function serveWorker(store: Store, now: () => number = () => 0) {
  const lookupLog = createLookupLog({ store, now });
  const lookups = {
    showTab: async () => null,
    showSite: async () => ({ status: 'not-looked-up', reason: 'no-url' }) as const,
  };
  const onError = vi.fn();
  registerWorkerMessages(
    {
      ...createWorkerIntents({
        store,
        lookups,
        lookupLog,
        now,
        ...checkParts(store, lookupLog, now),
      }),
      ...createBackupIntents({ store }),
    },
    onError,
  );
  deliverMessagesFrom(extensionPage());
  return { onError };
}
