/**
 * Stands in for the websites a user browses. The test browser maps every host name to this
 * server (Chromium's --host-resolver-rules), so "http://high.readiness-fixtures.com/" is a
 * local page while the extension sees a public-looking site. Firefox reaches it as its HTTP
 * proxy instead, asking for absolute URLs (`GET http://host/path`); both read the same.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerCheckSite } from './check-sites';
import { heavyAnswer } from './heavy-sites';
import { answerPageSite } from './page-sites';

/** A request as the sample sites got it: what "Check now" may send is checked against it. */
export interface Visit {
  host: string;
  path: string;
  method: string;
  accept: string;
  /** The Cookie header, empty when none came. */
  cookie: string;
  /** The Origin and Referer headers, empty when none came: a check sends neither. */
  origin: string;
  referer: string;
}

export interface SampleSiteServer {
  port: number;
  /** Every request, in order. */
  visits(): Visit[];
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startSampleSiteServer(port = 0): Promise<SampleSiteServer> {
  const visits: Visit[] = [];
  const server: Server = createServer((request, response) => {
    const host = request.headers.host ?? 'unknown';
    const raw = request.url ?? '/';
    const path = raw.startsWith('http://') ? new URL(raw).pathname + new URL(raw).search : raw;
    const { accept = '', cookie = '', origin = '', referer = '' } = request.headers;
    visits.push({ host, path, method: request.method ?? '', accept, cookie, origin, referer });
    // The sites "Check now" is tried on serve real files (check-sites.ts, heavy-sites.ts).
    if (answerCheckSite(`http://${host}`, path, accept, response)) return;
    // The pages "This page" in Check now reads: WebMCP tools and agent signals (page-sites.ts).
    if (answerPageSite(`http://${host}`, path, accept, response)) return;
    const heavy = heavyAnswer(`http://${host}`, path, accept);
    if (heavy !== null) {
      response.writeHead(heavy.status, { 'content-type': heavy.type }).end(heavy.body);
      return;
    }
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const title = escapeHtml(host);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><h1>${title}</h1><p>A sample site page served locally.</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    visits: () => [...visits],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
