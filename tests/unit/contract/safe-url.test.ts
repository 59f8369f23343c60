import { describe, expect, it } from 'vitest';
import {
  hostLeavingService,
  httpUrlOrNull,
  serviceLinkOrNull,
} from '../../../lib/contract/safe-url';

describe('httpUrlOrNull', () => {
  it.each([
    ['https://x.org/a?b#c', 'https://x.org/a?b#c'],
    ['http://x.org', 'http://x.org/'],
    [
      'https://is-agentic.com/scan/high.readiness-fixtures.com',
      'https://is-agentic.com/scan/high.readiness-fixtures.com',
    ],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
    ['http://127.0.0.1:8787/scan/x.org', 'http://127.0.0.1:8787/scan/x.org'],
    ['HTTPS://X.ORG/Path', 'https://x.org/Path'],
  ])('accepts %s as %s', (value, expected) => {
    expect(httpUrlOrNull(value)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['\tjavascript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['blob:https://x.org/0b8e1c1e-2b6a-4ab7-9a7c-0d4f5f0e7f11'],
    ['ftp://x.org/'],
    ['file:///etc/passwd'],
    ['//x.org'],
    ['/relative'],
    ['relative/path'],
    ['#fragment'],
    ['  https://x.org'],
    ['\u0000https://x.org'],
    ['\u00a0https://x.org'],
    ['\ufeffhttps://x.org'],
    ['https://x.org '],
    ['https://x.org/\n'],
    ['https://x.org/a b'],
    ['https:x.org'],
    ['http:/x.org'],
    ['https://'],
    ['http://[::1'],
    ['https://user:pass@x.org/'],
    ['https://trusted.org@evil.org/'],
    [''],
  ])('refuses %j', (value) => {
    expect(httpUrlOrNull(value)).toBeNull();
  });

  it.each([
    [null],
    [undefined],
    [42],
    [{ href: 'https://x.org/' }],
    [new URL('https://x.org/')],
  ])('refuses the non-string %s', (value) => {
    expect(httpUrlOrNull(value)).toBeNull();
  });
});

describe('serviceLinkOrNull', () => {
  const HTTPS_SERVICE = 'https://is-agentic.com';
  const HTTP_SERVICE = 'http://127.0.0.1:8797';

  it.each([
    ['https://is-agentic.com/r/1', HTTPS_SERVICE, 'https://is-agentic.com/r/1'],
    ['https://docs.example.org/api', HTTPS_SERVICE, 'https://docs.example.org/api'],
    // Plain http from an https service could be rewritten on its way: never a link.
    ['http://is-agentic.com/r/1', HTTPS_SERVICE, null],
    ['HTTP://is-agentic.com/r/1', HTTPS_SERVICE, null],
    // A service reached over http (the bundled reference server) gives http links.
    ['http://127.0.0.1:8797/r/1', HTTP_SERVICE, 'http://127.0.0.1:8797/r/1'],
    ['https://is-agentic.com/r/1', HTTP_SERVICE, 'https://is-agentic.com/r/1'],
    ['javascript:alert(1)', HTTP_SERVICE, null],
    [42, HTTPS_SERVICE, null],
  ])('%s from %s → %s', (value, service, expected) => {
    expect(serviceLinkOrNull(value, service)).toBe(expected);
  });
});

describe('hostLeavingService', () => {
  it.each([
    ['https://is-agentic.com/r/1', 'https://is-agentic.com', null],
    ['https://www.is-agentic.com/r/1', 'https://is-agentic.com', null],
    ['https://is-agentic.com/docs', 'https://api.is-agentic.com/v1', null],
    ['https://docs.example.org/api', 'https://is-agentic.com', 'docs.example.org'],
    // A look-alike ending is another site.
    ['https://evil-is-agentic.com/r', 'https://is-agentic.com', 'evil-is-agentic.com'],
    [
      'https://is-agentic.com.evil.example/r',
      'https://is-agentic.com',
      'is-agentic.com.evil.example',
    ],
  ])('%s from %s → %s', (link, service, expected) => {
    expect(hostLeavingService(link, service)).toBe(expected);
  });
});
