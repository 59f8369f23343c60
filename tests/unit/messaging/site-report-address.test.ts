import { describe, expect, it } from 'vitest';
import {
  SITE_REPORT_PAGE,
  siteReportPath,
  siteReportRequestFrom,
} from '../../../lib/messaging/site-report-address';
import { deriveLookupTarget } from '../../../lib/privacy/lookup-target';

const pathFor = (link: string | undefined) => siteReportPath(deriveLookupTarget(link));
const queryOf = (path: string) => path.slice(path.indexOf('?'));

describe('the site report page address', () => {
  it('carries only the origin of a public link', () => {
    const path = pathFor('https://example.com:8443/account?token=secret#top');
    expect(path).toBe(`${SITE_REPORT_PAGE}?site=https%3A%2F%2Fexample.com%3A8443`);
    expect(siteReportRequestFrom(queryOf(path))).toEqual({
      kind: 'site',
      site: 'https://example.com:8443',
    });
  });

  it.each([
    ['http://10.0.0.1/router', 'private-address'],
    ['http://printer.localhost/', 'localhost'],
    ['ftp://example.com/file', 'not-http'],
    [undefined, 'no-url'],
  ])('carries only the reason for %s', (link, reason) => {
    const path = pathFor(link);
    expect(path).toBe(`${SITE_REPORT_PAGE}?refused=${reason}`);
    expect(siteReportRequestFrom(queryOf(path))).toEqual({ kind: 'refused', reason });
  });

  it.each([
    ['a site with a path', '?site=https://example.com/path?q=1', 'invalid-url'],
    ['a site that is not a URL', '?site=example.com', 'invalid-url'],
    ['a site that is not a website', '?site=file:///etc', 'invalid-url'],
    ['an unknown reason', '?refused=toString', 'no-url'],
    ['nothing', '', 'no-url'],
  ])('reads a query it did not write as refused: %s', (_name, search, reason) => {
    expect(siteReportRequestFrom(search)).toEqual({ kind: 'refused', reason });
  });
});
