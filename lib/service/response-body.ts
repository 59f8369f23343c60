/** A response's body as JSON within a byte cap (README). */
export async function readJsonBody(
  response: Response,
  maxBodyBytes: number,
  signal: AbortSignal,
): Promise<{ ok: true; value: unknown } | { ok: false; problem: string }> {
  // A declared length over the cap needs no reading; the stream's cap guards against a lie.
  if (Number(response.headers.get('content-length')) > maxBodyBytes) {
    discardBody(response);
    return { ok: false, problem: 'response too large' };
  }
  const bytes = await readCappedBody(response.body, maxBodyBytes, signal);
  if (bytes === null) return { ok: false, problem: 'response too large' };
  let text: string;
  try {
    // JSON is UTF-8 (RFC 8259); fatal turns mojibake into an error instead of U+FFFD.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: 'response is not valid UTF-8' };
  }
  if (text.trim() === '') return { ok: false, problem: 'response body is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'response is not valid JSON' };
  }
}

/** Null, with the stream cancelled, beyond `maxBytes`; rejects on a stream error or abort. */
export async function readCappedBody(
  body: ReadableStream<Uint8Array<ArrayBuffer>> | null,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Uint8Array | null> {
  signal?.throwIfAborted();
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  // A cancel that fails (stream already closed or errored) leaves nothing to clean up.
  const ignore = () => {};
  // Cancelling settles a pending read() with done: true, which the loop then turns into the
  // abort reason, so an abort ends the read even when the stream never produces another chunk.
  const cancelOnAbort = () => {
    reader.cancel(signal?.reason).catch(ignore);
  };
  signal?.addEventListener('abort', cancelOnAbort, { once: true });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      receivedBytes += value.byteLength;
      if (receivedBytes > maxBytes) {
        reader.cancel('response body over the size limit').catch(ignore);
        return null;
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', cancelOnAbort);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/** `application/json` or any `application/*+json`, parameters such as charset ignored. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const essence = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || /^application\/[\w.!#$&^+-]+\+json$/.test(essence);
}

export function discardBody(response: Response): void {
  try {
    response.body?.cancel().catch(() => {});
  } catch {
    // A locked or already used body has nothing left to release.
  }
}
