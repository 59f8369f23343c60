/**
 * "Never look up" entries as a property over generated hosts and entry lists: a host is sent
 * only if no entry covers it, and every covered host is refused as paused, whatever scheme,
 * port, letter case or trailing dot its URL is written with. Whether an entry covers a host is
 * known by construction (its labels end the host's labels; an IP address only itself), not by
 * a copy of the rule under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveLookupTarget } from '../../../lib/privacy/lookup-target';

const NUM_RUNS = 5_000;

// Few labels, so that generated hosts and entries often share their ends.
const label = fc.constantFrom('a', 'b', 'corp', 'jira', 'www', 'x-y', 'acorp');
const suffix = fc.constantFrom(['com'], ['org'], ['co', 'uk']);
const hostLabels = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 4 }), suffix)
  .map(([names, tail]) => [...names, ...tail]);

/** An entry made from a host: its last n labels (n ≥ 1), which covers it by construction. */
const entryOf = (labels: readonly string[], keep: number) =>
  labels.slice(Math.max(0, labels.length - Math.max(1, keep))).join('.');

const covers = (entry: string, labels: readonly string[]) => {
  const entryLabels = entry.split('.');
  return (
    entryLabels.length <= labels.length &&
    labels.slice(labels.length - entryLabels.length).join('.') === entry
  );
};

/** The URL a host is visited at: any scheme, port, path, letter case and trailing dot. */
const urlOf = fc
  .record({
    scheme: fc.constantFrom('http', 'https'),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null }),
    upper: fc.boolean(),
    trailingDot: fc.boolean(),
    path: fc.constantFrom('/', '/a/b?c=d#e', ''),
  })
  .map(
    (parts) => (host: string) =>
      `${parts.scheme}://${parts.upper ? host.toUpperCase() : host}${parts.trailingDot ? '.' : ''}${
        parts.port === null ? '' : `:${parts.port}`
      }${parts.path}`,
  );

describe('paused domains, as a property', () => {
  it('sends a host only if no entry covers it, and refuses every covered host as paused', () => {
    fc.assert(
      fc.property(
        hostLabels,
        fc.array(fc.record({ labels: hostLabels, keep: fc.integer({ min: 1, max: 6 }) }), {
          maxLength: 4,
        }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
        urlOf,
        (host, others, keeps, write) => {
          // Entries: ends of this host (covering it) and of other hosts (which may or may not).
          const entries = [
            ...keeps.map((keep) => entryOf(host, keep)),
            ...others.map(({ labels, keep }) => entryOf(labels, keep)),
          ];
          const covered = entries.some((entry) => covers(entry, host));
          const target = deriveLookupTarget(write(host.join('.')), { pausedDomains: entries });
          if (covered) {
            expect(target).toEqual({ kind: 'refused', reason: 'paused' });
          } else {
            expect(target.kind).toBe('target');
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('covers an IP address by its own entry only', () => {
    const octet = fc.integer({ min: 1, max: 223 });
    // Public unicast addresses: 8.8.x.y, never a private or reserved range.
    const address = fc.tuple(octet, octet).map(([c, d]) => `8.8.${c}.${d}`);
    fc.assert(
      fc.property(address, fc.array(address, { maxLength: 4 }), urlOf, (host, entries, write) => {
        // A name that ends like the address ("8.x.y" of 8.8.x.y) covers nothing.
        const target = deriveLookupTarget(write(host), {
          pausedDomains: [...entries, host.split('.').slice(1).join('.')],
        });
        if (entries.includes(host)) {
          expect(target).toEqual({ kind: 'refused', reason: 'paused' });
        } else {
          expect(target.kind).toBe('target');
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
