/**
 * The registrable domain the popup offers beside a site when the user pauses it, and the site
 * whose report a subdomain's no-report view offers.
 */
import { describe, expect, it } from 'vitest';
import { parentSiteOf, registrableDomainOf } from '../../../lib/privacy/registrable-domain';

/** A host as the URL parser writes it: lower case, internationalised labels in punycode. */
const hostOf = (name: string) => new URL(`http://${name}/`).hostname;

describe('registrableDomainOf', () => {
  it.each([
    ['www.bbc.co.uk', 'bbc.co.uk'],
    ['bbc.co.uk', 'bbc.co.uk'],
    ['jira.corp.example.com', 'example.com'],
    ['example.com', 'example.com'],
    ['mid.readiness-fixtures.com', 'readiness-fixtures.com'],
    // A wildcard rule (*.kawasaki.jp) and its exception (!city.kawasaki.jp).
    ['www.shop.kawasaki.jp', 'www.shop.kawasaki.jp'],
    ['www.city.kawasaki.jp', 'city.kawasaki.jp'],
    // The private section is left out: the whole of github.io is offered.
    ['someone.github.io', 'github.io'],
    // An internationalised rule (個人.香港) matches the punycode the URL parser writes.
    [hostOf('www.shop.個人.香港'), hostOf('shop.個人.香港')],
    [hostOf('www.bücher.de'), 'xn--bcher-kva.de'],
  ])('of %j is %j', (host, domain) => {
    expect(registrableDomainOf(host)).toBe(domain);
  });

  it.each([
    'co.uk',
    'com',
    'shop.kawasaki.jp',
    hostOf('個人.香港'),
    '10.0.0.1',
    '[::1]',
    '[2001:db8::1]',
    '',
  ])('is none for %j: a public suffix or an address', (host) => {
    expect(registrableDomainOf(host)).toBeNull();
  });
});

describe('parentSiteOf', () => {
  it.each([
    ['https://docs.example.com', 'https://example.com'],
    ['https://www.example.com', 'https://example.com'],
    ['http://a.b.example.com', 'http://example.com'],
    // Same scheme, no port.
    ['https://docs.example.com:8443', 'https://example.com'],
    ['https://www.bbc.co.uk', 'https://bbc.co.uk'],
    // Private suffixes count: a github.io site is its own, not all of github.io.
    ['https://docs.someone.github.io', 'https://someone.github.io'],
    // Internationalised names, in the punycode the URL parser writes.
    [new URL('https://docs.münchen.de').origin, 'https://xn--mnchen-3ya.de'],
    [new URL('https://www.пример.рф').origin, `https://${hostOf('пример.рф')}`],
  ])('of %s is %s', (origin, parent) => {
    expect(parentSiteOf(origin)).toBe(parent);
  });

  it.each([
    'https://example.com',
    'https://bbc.co.uk',
    'https://someone.github.io',
    'https://github.io',
    new URL('https://münchen.de').origin,
    'https://co.uk',
    'http://93.184.216.34',
    'http://[2001:db8::1]',
    'https://com',
  ])('is none for %s: the site is a registrable domain, a public suffix or an address', (origin) => {
    expect(parentSiteOf(origin)).toBeNull();
  });
});
