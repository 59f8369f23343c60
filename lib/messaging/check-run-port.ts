/** A check run's own port between the page that runs it and the worker (README). */

import * as v from 'valibot';
import { browser } from 'wxt/browser';
import type { CheckRunStart } from '../checks/check-runs';
import { isHttpOrigin } from '../contract/http-origin';
import { isOwnPage, type RequestOrigin } from './worker-messages';

export const CHECK_RUN_PORT = 'check-run';

/** Times a page opens its port again during one run, after the worker closed it. */
const REOPENS = 3;

const origin = () => v.pipe(v.string(), v.maxLength(2048), v.check(isHttpOrigin));

/**
 * A run about to start, for the site of a tab (none from the site report window); `asked`: the
 * page has just asked the browser for the site's host, and was granted it.
 */
const runRequest = () =>
  v.object({
    origin: origin(),
    tabId: v.nullable(v.pipe(v.number(), v.safeInteger())),
    quick: v.boolean(),
    asked: v.boolean(),
  });
const runningCheck = () => v.object({ id: v.pipe(v.string(), v.maxLength(64)), origin: origin() });
const portMessage = () =>
  v.union([v.object({ start: runRequest() }), v.object({ running: runningCheck() })]);

export type CheckRunRequest = v.InferOutput<ReturnType<typeof runRequest>>;
type RunningCheck = v.InferOutput<ReturnType<typeof runningCheck>>;

/** The worker's side, registered synchronously as it starts, as every listener that may wake it. */
export function registerCheckRunPorts(handlers: {
  start(request: CheckRunRequest, from: RequestOrigin): Promise<CheckRunStart>;
  /** The page of a run that was still running is gone. */
  gone(run: RunningCheck): void;
  onError(error: unknown): void;
}): void {
  let schema: ReturnType<typeof portMessage> | null = null;
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== CHECK_RUN_PORT || !isOwnPage(port.sender ?? {})) return;
    const from = { privateWindow: port.sender?.tab?.incognito === true };
    let running: RunningCheck | null = null;
    let open = true;
    port.onDisconnect.addListener(() => {
      open = false;
      if (running !== null) handlers.gone(running);
    });
    port.onMessage.addListener((raw: unknown) => {
      schema ??= portMessage();
      const parsed = v.safeParse(schema, raw);
      if (!parsed.success || running !== null) return;
      const message = parsed.output;
      if ('running' in message) {
        running = message.running;
        return;
      }
      handlers.start(message.start, from).then((started) => {
        if (started.ok) running = { id: started.run.id, origin: started.run.origin };
        if (open) port.postMessage(started);
        // A page that closed while the run started leaves it to be marked gone.
        else if (running !== null) handlers.gone(running);
      }, handlers.onError);
    });
  });
}

/** The page's side: starts a run, its port open until `close`; rejects when no worker answers. */
export function openCheckRun(
  request: CheckRunRequest,
): Promise<{ start: CheckRunStart; close(): void }> {
  return new Promise((resolve, reject) => {
    let port: ReturnType<typeof browser.runtime.connect> | null = null;
    let started: RunningCheck | null = null;
    let reopens = 0;
    const close = () => {
      const open = port;
      port = null;
      open?.disconnect();
    };
    const connect = (message: object) => {
      const opened = browser.runtime.connect({ name: CHECK_RUN_PORT });
      port = opened;
      opened.onMessage.addListener((reply: CheckRunStart) => {
        if (started !== null) return;
        if (reply.ok) started = { id: reply.run.id, origin: reply.run.origin };
        resolve({ start: reply, close });
      });
      opened.onDisconnect.addListener(() => {
        if (port !== opened) return;
        if (reopens++ >= REOPENS) reject(new Error('the worker could not be reached'));
        else connect(started === null ? { start: request } : { running: started });
      });
      opened.postMessage(message);
    };
    connect({ start: request });
  });
}
