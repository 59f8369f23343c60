/**
 * The lookup target policy, by table: every form the privacy rules refuse, every spelling the
 * URL parser normalises, and what is sent for a public site (its origin, nothing more).
 */
import { describe, expect, it } from 'vitest';
import type { NotLookedUpReason } from '../../../lib/privacy/lookup-target';
import { deriveLookupTarget } from '../../../lib/privacy/lookup-target';

const LONG_HOST = `${'a'.repeat(60)}.${'b'.repeat(60)}${'.c'.repeat(1000)}.com`;

const SENT: [url: string, origin: string][] = [
  ['https://example.com/', 'https://example.com'],
  ['https://Example.COM/path?q=secret#frag', 'https://example.com'],
  ['https://user:pass@example.com/', 'https://example.com'],
  ['https://user@example.com/inbox', 'https://example.com'],
  ['https://:pass@example.com/', 'https://example.com'],
  ['http://example.com:8080/a', 'http://example.com:8080'],
  ['https://example.com:443/a', 'https://example.com'],
  ['http://example.com:80/a', 'http://example.com'],
  ['https://example.com:80/', 'https://example.com:80'],
  ['https://example.com./', 'https://example.com'],
  ['https://www.example.co.uk/account/jane.doe@mail.com', 'https://www.example.co.uk'],
  ['https://example.com/#/user/42', 'https://example.com'],
  ['https://example.com?email=jane@example.org', 'https://example.com'],
  ['https://bücher.example.de/', 'https://xn--bcher-kva.example.de'],
  ['https://xn--bcher-kva.example.de/', 'https://xn--bcher-kva.example.de'],
  ['https://пример.рф/', 'https://xn--e1afmkfd.xn--p1ai'],
  ['https://例え.jp/', 'https://xn--r8jz45g.jp'],
  ['https://EXAMPLE.xn--p1ai/', 'https://example.xn--p1ai'],
  ['https://example.dev/', 'https://example.dev'],
  ['https://shop.example.co.za/', 'https://shop.example.co.za'],
  ['https://my-blog.blogspot.com/2024/01/post.html', 'https://my-blog.blogspot.com'],
  ['http://8.8.8.8/x', 'http://8.8.8.8'],
  ['http://134744072/', 'http://8.8.8.8'],
  ['http://0x08080808/', 'http://8.8.8.8'],
  ['http://[2001:4860:4860::8888]/', 'http://[2001:4860:4860::8888]'],
  ['http://[2001:4860:4860:0:0:0:0:8888]:8443/', 'http://[2001:4860:4860::8888]:8443'],
  ['http://[::ffff:8.8.8.8]/', 'http://[::ffff:808:808]'],
];

const REFUSED: [url: string | undefined, reason: NotLookedUpReason][] = [
  // no address, or not one
  [undefined, 'no-url'],
  ['', 'no-url'],
  ['not a url', 'invalid-url'],
  ['http://', 'invalid-url'],
  ['https://exa mple.com/', 'invalid-url'],
  ['http://[::1/', 'invalid-url'],
  ['http://./', 'invalid-url'],
  // not http(s)
  ['chrome://newtab/', 'not-http'],
  ['about:blank', 'not-http'],
  ['file:///etc/passwd', 'not-http'],
  ['ftp://example.com/', 'not-http'],
  ['ws://example.com/', 'not-http'],
  ['wss://example.com/', 'not-http'],
  ['chrome-extension://abc/popup.html', 'not-http'],
  ['moz-extension://abc/popup.html', 'not-http'],
  ['javascript:alert(1)', 'not-http'],
  ['data:text/html,<p>hi</p>', 'not-http'],
  ['blob:https://example.com/1234', 'not-http'],
  ['view-source:https://example.com/', 'not-http'],
  ['mailto:jane@example.com', 'not-http'],
  // localhost in every form
  ['http://localhost:3000/', 'localhost'],
  ['http://LOCALHOST./', 'localhost'],
  ['http://localhost../', 'no-public-suffix'],
  ['http://app.localhost/', 'localhost'],
  ['http://a.b.localhost:8080/', 'localhost'],
  ['http://user:pw@localhost/', 'localhost'],
  // IPv4 outside public unicast space, in dotted, decimal, hex, octal and short spellings
  ['http://127.0.0.1/', 'private-address'],
  ['http://127.1/', 'private-address'],
  ['http://127.0.1/', 'private-address'],
  ['http://2130706433/', 'private-address'],
  ['http://0x7f000001/', 'private-address'],
  ['http://0x7f.0.0.1/', 'private-address'],
  ['http://0177.0.0.1/', 'private-address'],
  ['http://017700000001/', 'private-address'],
  ['http://127.0.0.1./', 'private-address'],
  ['http://10.1.2.3/', 'private-address'],
  ['http://167772161/', 'private-address'],
  ['http://0xa.1/', 'private-address'],
  ['http://172.16.0.1/', 'private-address'],
  ['http://172.31.255.254/', 'private-address'],
  ['http://192.168.1.1/', 'private-address'],
  ['http://3232235777/', 'private-address'],
  ['http://0300.0250.1.1/', 'private-address'],
  ['http://169.254.169.254/latest/meta-data', 'private-address'],
  ['http://100.64.0.1/', 'private-address'],
  ['http://100.127.255.1/', 'private-address'],
  ['http://0.0.0.0/', 'private-address'],
  ['http://0/', 'private-address'],
  ['http://255.255.255.255/', 'private-address'],
  ['http://224.0.0.1/', 'private-address'],
  ['http://239.255.255.250/', 'private-address'],
  ['http://240.0.0.1/', 'private-address'],
  ['http://192.0.2.10/', 'private-address'],
  ['http://198.51.100.7/', 'private-address'],
  ['http://203.0.113.9/', 'private-address'],
  ['http://198.18.0.1/', 'private-address'],
  // IPv6 outside public unicast space, including IPv4-mapped and embedded forms
  ['http://[::1]/', 'private-address'],
  ['http://[0:0:0:0:0:0:0:1]/', 'private-address'],
  ['http://[::]/', 'private-address'],
  ['http://[fc00::1]/', 'private-address'],
  ['http://[fd12:3456:789a::1]/', 'private-address'],
  ['http://[FE80::1]/', 'private-address'],
  ['http://[fe80::1%25eth0]/', 'invalid-url'],
  ['http://[ff02::1]/', 'private-address'],
  ['http://[2001:db8::1]/', 'private-address'],
  ['http://[::ffff:10.0.0.1]/', 'private-address'],
  ['http://[::ffff:127.0.0.1]/', 'private-address'],
  ['http://[::ffff:7f00:1]/', 'private-address'],
  ['http://[::ffff:c0a8:101]:8080/', 'private-address'],
  ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'private-address'],
  ['http://[fec0::1]/', 'private-address'],
  ['http://[2001::1]/', 'private-address'],
  ['http://[2002:c0a8:101::1]/', 'private-address'],
  ['http://[64:ff9b::a00:1]/', 'private-address'],
  ['http://192.31.196.1/', 'private-address'],
  // names without a public suffix: single labels, unknown and special-use top-level names
  ['http://intranet/', 'no-public-suffix'],
  ['http://INTRANET./wiki', 'no-public-suffix'],
  ['http://printer.local/', 'no-public-suffix'],
  ['http://nas.local./', 'no-public-suffix'],
  ['http://git.corp.internal/', 'no-public-suffix'],
  ['http://router.home.arpa/', 'no-public-suffix'],
  ['http://home.arpa/', 'no-public-suffix'],
  ['http://app.test/', 'no-public-suffix'],
  ['http://broken.invalid/', 'no-public-suffix'],
  ['http://www.example/', 'no-public-suffix'],
  ['http://site.alt/', 'no-public-suffix'],
  ['http://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/', 'no-public-suffix'],
  ['http://files.lan/', 'no-public-suffix'],
  ['http://jira.corp/', 'no-public-suffix'],
  ['http://server.localdomain/', 'no-public-suffix'],
  ['http://wpad.home/', 'no-public-suffix'],
  ['http://bücher.intranet/', 'no-public-suffix'],
  // too long even as an origin
  [`https://${LONG_HOST}/`, 'too-long'],
];

describe('deriveLookupTarget', () => {
  it('has a table of at least 80 URLs', () => {
    expect(SENT.length + REFUSED.length).toBeGreaterThanOrEqual(80);
  });

  it.each(SENT)('sends only the origin of %s', (url, origin) => {
    expect(deriveLookupTarget(url)).toEqual({ kind: 'target', origin });
  });

  it.each(REFUSED)('refuses %s as %s', (url, reason) => {
    expect(deriveLookupTarget(url)).toEqual({ kind: 'refused', reason });
  });

  it('refuses every page of a private window, whatever its address', () => {
    for (const url of ['https://example.com/', 'chrome://newtab/', 'http://10.0.0.1/', undefined]) {
      expect(deriveLookupTarget(url, { incognito: true })).toEqual({
        kind: 'refused',
        reason: 'incognito',
      });
    }
  });

  it('refuses a paused domain and every name below it, on any scheme and port', () => {
    const pausedDomains = ['corp.example.com'];
    const refusedPaused = { kind: 'refused', reason: 'paused' };
    for (const url of [
      'https://corp.example.com/a?b#c',
      'http://corp.example.com/',
      'https://jira.corp.example.com:8443/browse/X-1',
      'http://a.b.corp.example.com.:81/',
      'https://CORP.Example.COM/',
    ]) {
      expect(deriveLookupTarget(url, { pausedDomains }), url).toEqual(refusedPaused);
    }
    // A parent, a sibling or a name that merely ends in the same letters is not covered.
    for (const url of [
      'https://example.com/',
      'https://www.example.com/',
      'https://notcorp.example.com/',
      'https://corp.example.com.evil.net/',
    ]) {
      expect(deriveLookupTarget(url, { pausedDomains }).kind, url).toBe('target');
    }
  });

  it('matches an internationalised entry by its punycode, as the URL parser writes the host', () => {
    expect(
      deriveLookupTarget('https://shop.bücher.de/', { pausedDomains: ['xn--bcher-kva.de'] }),
    ).toEqual({ kind: 'refused', reason: 'paused' });
  });

  it('covers only the address itself for an IP entry', () => {
    expect(deriveLookupTarget('http://8.8.8.8:8080/', { pausedDomains: ['8.8.8.8'] })).toEqual({
      kind: 'refused',
      reason: 'paused',
    });
    expect(deriveLookupTarget('http://8.8.8.9/', { pausedDomains: ['8.8.8.8'] }).kind).toBe(
      'target',
    );
    expect(
      deriveLookupTarget('https://[2001:4860::8888]/', { pausedDomains: ['[2001:4860::8888]'] }),
    ).toEqual({ kind: 'refused', reason: 'paused' });
    // "8.8" is no name that 8.8.8.8 sits under.
    expect(deriveLookupTarget('http://8.8.8.8/', { pausedDomains: ['8.8'] }).kind).toBe('target');
  });

  it('keeps the reason of a site that is refused anyway when it is also paused', () => {
    expect(deriveLookupTarget('http://10.0.0.1/', { pausedDomains: ['10.0.0.1'] })).toEqual({
      kind: 'refused',
      reason: 'private-address',
    });
  });
});
