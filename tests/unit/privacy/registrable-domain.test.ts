/**
 * The registrable domain the popup offers beside a site: the table of multi-label ICANN rules
 * must be what tldts's installed list says, and give tldts's answer (its `getDomain`, private
 * section left out) for a host under every rule and for generated hosts.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { registrableDomainOf } from '../../../lib/privacy/registrable-domain';
import {
  ICANN_SUFFIX_RULES_FILE,
  icannSuffixRules,
  icannSuffixRulesModule,
} from '../../../scripts/icann-suffix-rules';

const tldtsDomain = (host: string) => getDomain(host, { allowPrivateDomains: false });

describe('lib/privacy/icann-suffix-rules.ts', () => {
  it('is what `npm run generate:suffix-rules` writes from the installed tldts', () => {
    expect(readFileSync(ICANN_SUFFIX_RULES_FILE, 'utf8')).toBe(icannSuffixRulesModule());
  });
});

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
  ])('of %j is %j', (host, domain) => {
    expect(registrableDomainOf(host)).toBe(domain);
  });

  it.each([
    'co.uk',
    'com',
    'shop.kawasaki.jp',
    '10.0.0.1',
    '[::1]',
    '',
  ])('is none for %j: a public suffix or an address', (host) => {
    expect(registrableDomainOf(host)).toBeNull();
  });

  it('agrees with tldts for a host under every rule of the table', () => {
    for (const [parent, children] of icannSuffixRules()) {
      for (const child of children) {
        const rule = `${child.replace(/^!/, '').replace('*', 'w')}.${parent}`;
        for (const host of [rule, `x.${rule}`, `y.x.${rule}`]) {
          expect(registrableDomainOf(host), host).toBe(tldtsDomain(host));
        }
      }
    }
  });

  it('agrees with tldts for generated hosts', () => {
    const ends = [...icannSuffixRules().keys()];
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...ends, 'com', 'org', 'uk'),
        (names, end) => {
          const host = [...names, end].join('.');
          expect(registrableDomainOf(host)).toBe(tldtsDomain(host));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
