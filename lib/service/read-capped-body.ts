/**
 * Reads a response body up to a byte limit. `response.text()` would buffer whatever the server
 * sends, so a broken or hostile server could exhaust the extension's memory; this stops and
 * cancels the stream as soon as the limit is passed.
 */

export type CappedBody =
  | { kind: 'complete'; bytes: Uint8Array }
  /** The body was longer than the limit; the stream has been cancelled. */
  | { kind: 'too-large' };

/**
 * Reads `body` whole if it holds at most `maxBytes` bytes. Rejects when the stream errors or
 * when `signal` aborts (with the signal's reason), cancelling the stream in the latter case so
 * a stalled server cannot keep the read open past the caller's deadline.
 */
export async function readCappedBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<CappedBody> {
  signal?.throwIfAborted();
  if (body === null) return { kind: 'complete', bytes: new Uint8Array(0) };

  const reader = body.getReader();
  // Cancelling settles a pending read() with done: true, which the loop then turns into the
  // abort reason, so an abort ends the read even when the stream never produces another chunk.
  const cancelOnAbort = () => {
    reader.cancel(signal?.reason).catch(ignore);
  };
  signal?.addEventListener('abort', cancelOnAbort, { once: true });

  const chunks: Uint8Array[] = [];
  let receivedBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      receivedBytes += value.byteLength;
      if (receivedBytes > maxBytes) {
        reader.cancel('response body over the size limit').catch(ignore);
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', cancelOnAbort);
  }

  return { kind: 'complete', bytes: concatenate(chunks, receivedBytes) };
}

function concatenate(chunks: readonly Uint8Array[], totalBytes: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const bytes = new Uint8Array(totalBytes);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A cancel that fails (stream already closed or errored) leaves nothing to clean up. */
function ignore(): void {}
