/**
 * The page side of the message protocol with the worker; messages.ts is read for types only, so
 * a page sends without loading zod. (Not @webext-core/messaging: its build brings the polyfill
 * the extension dropped.) The worker is the only writer, so intents from several pages at once
 * are applied in one order and none is lost.
 */
import { browser } from 'wxt/browser';
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

/** The worker could not be reached, or refused the request. */
export class WorkerRequestError extends Error {}

/**
 * Sends a request to the worker and resolves to its reply. Firefox unloads an idle MV2 event
 * page, and one unloaded while it held a request leaves the page with "Receiving end does not
 * exist" (or no answer at all): asking again starts it anew. Every request is safe to repeat
 * (each intent states the end it wants, not a step). Rejects with WorkerRequestError after the
 * last try, or when the worker refused the request.
 */
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
