/**
 * The table of ICANN top-level domains stands in for tldts in the shipped code: it must be
 * what tldts's installed list says, and give tldts's answer for hosts of every kind.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'tldts';
import { describe, expect, it } from 'vitest';
import { FRONT_CODED_ICANN_TLDS } from '../../../lib/privacy/icann-tlds';
import {
  hasPublicSuffix,
  isSpecialUseName,
  SPECIAL_USE_SUFFIXES,
} from '../../../lib/privacy/lookup-target';
import {
  ICANN_TLDS_FILE,
  icannTldsModule,
  icannTopLevelDomains,
} from '../../../scripts/icann-tlds';

/** The table read back: a letter for how many characters a name shares with the one before. */
const TLDS: string[] = [];
for (const [, shared = '@', rest = ''] of FRONT_CODED_ICANN_TLDS.matchAll(/([@-Z])([^@-Z]+)/g)) {
  TLDS.push((TLDS.at(-1) ?? '').slice(0, shared.charCodeAt(0) - 64) + rest);
}

/** tldts's own verdict: the host matches a rule of the ICANN section. */
const tldtsSaysPublic = (host: string) => parse(host).isIcann === true;

describe('lib/privacy/icann-tlds.ts', () => {
  it('is what `npm run generate:tlds` writes from the installed tldts', () => {
    expect(readFileSync(ICANN_TLDS_FILE, 'utf8')).toBe(icannTldsModule());
  });

  it('reads back as exactly the list it was written from', () => {
    expect(TLDS).toEqual(icannTopLevelDomains());
    for (const tld of TLDS) expect(hasPublicSuffix(`example.${tld}`), tld).toBe(true);
    expect(icannTldsModule(['a', 'ab', 'abc', 'b', 'ba'])).toContain("'@aAbBc@bAa'");
  });

  it('holds the well-known top-level domains and no special-use name of its own making', () => {
    expect(TLDS.length).toBeGreaterThan(1000);
    expect(TLDS).toEqual(expect.arrayContaining(['com', 'org', 'de', 'uk', 'jp', 'xn--p1ai']));
    for (const name of ['local', 'internal', 'test', 'invalid', 'example', 'localhost', 'alt']) {
      expect(TLDS).not.toContain(name);
    }
    expect(TLDS).toEqual([...TLDS].sort());
  });
});

describe('hasPublicSuffix, cross-checked against tldts', () => {
  // A TLD with rules only below it (za: co.za, ...) is public for the table and not for
  // tldts's `example.za`; its names below the rules are public for both.
  const rulesOnlyBelow = icannTopLevelDomains().filter((tld) => !tldtsSaysPublic(`x.${tld}`));

  it('agrees with tldts on a name under every top-level domain', () => {
    for (const tld of TLDS) {
      if (rulesOnlyBelow.includes(tld)) continue;
      expect(hasPublicSuffix(`example.${tld}`), tld).toBe(tldtsSaysPublic(`example.${tld}`));
    }
    expect(rulesOnlyBelow.length).toBeLessThan(5);
  });

  it('agrees with tldts on 20,000 generated hosts, public and not', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
    const lastLabel = fc.oneof(fc.constantFrom(...TLDS), label);
    const generatedHost = fc
      .tuple(fc.array(label, { minLength: 0, maxLength: 3 }), lastLabel)
      .map(([labels, last]) => [...labels, last].join('.'));
    fc.assert(
      fc.property(generatedHost, (host) => {
        const tld = host.slice(host.lastIndexOf('.') + 1);
        fc.pre(!rulesOnlyBelow.includes(tld) && !isSpecialUseName(host));
        // tldts counts a bare suffix (`com`) as ICANN; a single label is never public here.
        const expected = host.includes('.') && tldtsSaysPublic(host);
        expect(hasPublicSuffix(host), host).toBe(expected);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('isSpecialUseName', () => {
  it.each(
    SPECIAL_USE_SUFFIXES.flatMap((suffix) => [[suffix], [`a.${suffix}`], [`a.b.${suffix}`]]),
  )('names %s special-use', (host) => {
    expect(isSpecialUseName(host)).toBe(true);
  });

  it.each([
    ['example.com'],
    ['mylocal'],
    ['localhost.com'],
    ['test.de'],
    ['arpa'],
    ['in-addr.arpa'],
  ])('leaves %s alone', (host) => {
    expect(isSpecialUseName(host)).toBe(false);
  });

  it('covers the names tldts would wrongly call public', () => {
    expect(tldtsSaysPublic('printer.home.arpa')).toBe(true);
    expect(tldtsSaysPublic('x.onion')).toBe(true);
    expect(isSpecialUseName('printer.home.arpa') && isSpecialUseName('x.onion')).toBe(true);
  });
});
