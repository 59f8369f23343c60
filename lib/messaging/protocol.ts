/** The page's side of the protocol with the worker (README). */
import { browser } from 'wxt/browser';
import { logError } from '../page/page-actions';
import type { MessageName, ReplyOf, RequestOf } from './messages';

/** `protocol`: so no other message is ever taken for one of ours. */
export interface WorkerMessage {
  protocol: typeof PROTOCOL;
  name: MessageName;
  data: unknown;
}

export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: string };

export const PROTOCOL = 'agent-readiness-badge/1';

const ATTEMPTS = 3;

export class WorkerRequestError extends Error {}

/** The worker's reply; asked again where the worker was unloaded mid-request (README). */
export async function sendToWorker<N extends MessageName>(
  name: N,
  data: RequestOf<N>,
): Promise<ReplyOf<N>> {
  const message: WorkerMessage = { protocol: PROTOCOL, name, data };
  let lastProblem = 'no answer';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let reply: WorkerReply | undefined;
    try {
      reply = (await browser.runtime.sendMessage(message)) as WorkerReply | undefined;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
      continue;
    }
    if (typeof reply !== 'object' || reply === null) continue;
    if (reply.ok) return reply.value as ReplyOf<N>;
    throw new WorkerRequestError(`${name}: ${reply.error}`);
  }
  throw new WorkerRequestError(`${name}: ${lastProblem}`);
}

/** A view; null when the worker gave none or could not be reached (storage's stays shown). */
export function requestView<N extends 'showTab' | 'showSite'>(
  name: N,
  data: RequestOf<N>,
): Promise<ReplyOf<N> | null> {
  return sendToWorker(name, data).catch(() => null);
}

/** An intent nobody awaits: a failure goes to the page's console. */
export function tellWorker<N extends MessageName>(name: N, data: RequestOf<N>): void {
  sendToWorker(name, data).catch(logError);
}
