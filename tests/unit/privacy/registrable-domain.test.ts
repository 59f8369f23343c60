/** The registrable domain the popup offers beside a site when the user pauses it. */
import { describe, expect, it } from 'vitest';
import { registrableDomainOf } from '../../../lib/privacy/registrable-domain';

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
