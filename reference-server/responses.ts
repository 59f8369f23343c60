/**
 * How the reference server writes responses. Every body with a known size goes out with an
 * exact Content-Length; only the deliberately huge body is streamed, chunked unless asked
 * otherwise. No CORS headers anywhere: the extension reaches the service through its host
 * permission, and a server that granted CORS would hide a missing permission in tests.
 */
import type { ServerResponse } from 'node:http';

/** The contract's Error body as this server writes it. */
interface ErrorBody {
  error: string;
  scan_url?: string;
  documentation_url?: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export type ExtraHeaders = Record<string, string>;

export function sendBody(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: ExtraHeaders = {},
): void {
  const bytes = Buffer.from(body, 'utf8');
  response.writeHead(status, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': String(bytes.byteLength),
  });
  response.end(bytes);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: ExtraHeaders = {},
): void {
  sendBody(response, status, JSON_CONTENT_TYPE, JSON.stringify(body), headers);
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  sendBody(response, status, HTML_CONTENT_TYPE, html);
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  sendBody(response, status, TEXT_CONTENT_TYPE, text);
}

export function errorBody(
  error: string,
  links: { scanUrl?: string; documentationUrl?: string } = {},
): ErrorBody {
  const body: ErrorBody = { error };
  if (links.scanUrl !== undefined) body.scan_url = links.scanUrl;
  if (links.documentationUrl !== undefined) body.documentation_url = links.documentationUrl;
  return body;
}

/**
 * The kind of page a web framework or a proxy sends when something broke: markup where the
 * contract promises JSON.
 */
export function htmlErrorPage(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Something went wrong</title></head>
<body><h1>Something went wrong</h1><p>Please try again later.</p></body>
</html>
`;
}

const PADDING_PREFIX = '{"padding":"';
const PADDING_SUFFIX = '"}';
const CHUNK_BYTES = 64 * 1024;

/**
 * Streams a JSON object of exactly `bytes` bytes (one long string value) in 64 KiB chunks,
 * waiting whenever the socket's buffer is full, and stops as soon as the client goes away
 * (a client that enforces a size limit is expected to abort part way through).
 */
export async function streamPaddedJson(
  response: ServerResponse,
  status: number,
  bytes: number,
  options: { announceLength?: boolean; headers?: ExtraHeaders } = {},
): Promise<void> {
  const head: Record<string, string> = { ...options.headers, 'Content-Type': JSON_CONTENT_TYPE };
  if (options.announceLength) head['Content-Length'] = String(bytes);
  response.writeHead(status, head);

  const chunk = Buffer.alloc(CHUNK_BYTES, 'x');
  let remaining = bytes - PADDING_PREFIX.length - PADDING_SUFFIX.length;
  if (!(await write(response, Buffer.from(PADDING_PREFIX)))) return;
  while (remaining > 0) {
    const size = Math.min(remaining, CHUNK_BYTES);
    if (!(await write(response, size === CHUNK_BYTES ? chunk : chunk.subarray(0, size)))) return;
    remaining -= size;
  }
  response.end(PADDING_SUFFIX);
}

/** Resolves true once the chunk may be followed by another, false when the client is gone. */
function write(response: ServerResponse, chunk: Buffer): Promise<boolean> {
  if (response.destroyed) return Promise.resolve(false);
  if (response.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onDrain = () => {
      response.off('close', onClose);
      resolve(true);
    };
    const onClose = () => {
      response.off('drain', onDrain);
      resolve(false);
    };
    response.once('drain', onDrain);
    response.once('close', onClose);
  });
}
