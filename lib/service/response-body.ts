/**
 * Reading a service response's body as the contract's JSON: its media type, its text within the
 * byte cap, its JSON, or letting it go unread.
 */
import { readCappedBody } from './read-capped-body';

export type BodyText = { ok: true; text: string } | { ok: false; problem: string };

/** The body as UTF-8 text, or why it cannot be read; the cap is read-capped-body.ts's. */
export async function readBodyText(
  response: Response,
  maxBodyBytes: number,
  signal: AbortSignal,
): Promise<BodyText> {
  // A declared length over the cap needs no reading at all; the stream cap below still
  // guards against a missing or lying header.
  if (Number(response.headers.get('content-length')) > maxBodyBytes) {
    discardBody(response);
    return { ok: false, problem: 'response too large' };
  }
  const body = await readCappedBody(response.body, maxBodyBytes, signal);
  if (body.kind === 'too-large') return { ok: false, problem: 'response too large' };
  try {
    // JSON is UTF-8 (RFC 8259); fatal turns mojibake into an error instead of U+FFFD.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body.bytes) };
  } catch {
    return { ok: false, problem: 'response is not valid UTF-8' };
  }
}

/** `application/json` or any `application/*+json`, parameters such as charset ignored. */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const essence = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || /^application\/[\w.!#$&^+-]+\+json$/.test(essence);
}

export function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (text.trim() === '') return { ok: false, problem: 'response body is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'response is not valid JSON' };
  }
}

/** Releases the connection without reading a body nobody needs. */
export function discardBody(response: Response): void {
  try {
    response.body?.cancel().catch(() => {});
  } catch {
    // A locked or already used body has nothing left to release.
  }
}
