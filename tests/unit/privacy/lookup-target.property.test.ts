/**
 * The privacy promise as a property over generated URLs: a request is built only for public
 * http(s) origins, and its `url` parameter never carries a path, query, fragment or
 * credentials. Hosts are generated with what they are known to be by construction (public or
 * not), so the policy is checked against that, not against a copy of itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveLookupTarget } from '../../../lib/privacy/lookup-target';
import { reportRequestUrl } from '../../../lib/service/report-client';

const NUM_RUNS = 10_000;
const BASE_URL = 'https://is-agentic.com';

interface GeneratedHost {
  /** The host as written in the URL. */
  written: string;
  isPublic: boolean;
}

const byte = fc.integer({ min: 0, max: 255 });
// Not "xn--…": such a label is punycode, a host only if it decodes, and the URL parser rightly
// refuses one that does not (xn--0.com), so it would be no public host. Unicode labels stand
// for internationalised names below.
const label = fc
  .stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,14}[a-z0-9])?$/)
  .filter((text) => !text.startsWith('xn--'));
const unicodeLabel = fc.constantFrom('bücher', 'пример', '例え', 'café', 'straße', 'ελληνικά');
const anyLabel = fc.oneof({ weight: 4, arbitrary: label }, { weight: 1, arbitrary: unicodeLabel });
const labels = fc.array(anyLabel, { minLength: 1, maxLength: 3 });

const PUBLIC_SUFFIXES = ['com', 'org', 'net', 'de', 'co.uk', 'io', 'dev', 'app', 'xn--p1ai', 'рф'];
const NON_PUBLIC_SUFFIXES = [
  'local',
  'internal',
  'home.arpa',
  'test',
  'invalid',
  'example',
  'localhost',
  'onion',
  'alt',
  'lan',
  'corp',
  'intranet',
];

/** A dotted quad in one of the spellings the URL parser accepts. */
function spell(octets: number[]): fc.Arbitrary<string> {
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  const value = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  return fc.constantFrom(
    `${a}.${b}.${c}.${d}`,
    String(value),
    `0x${value.toString(16)}`,
    `0${value.toString(8)}`,
    `0${a.toString(8)}.0x${b.toString(16)}.${c}.${d}`,
    `${a}.${(b << 16) + (c << 8) + d}`,
    `${a}.${b}.${(c << 8) + d}`,
    `${a}.${b}.${c}.${d}.`,
  );
}

/** First octets of blocks that are public unicast throughout. */
const PUBLIC_FIRST_OCTETS = [1, 8, 9, 13, 23, 31, 45, 52, 64, 77, 91, 104, 142, 151, 185, 212];
/** [first octet, second octet range] of blocks outside public unicast space. */
const NON_PUBLIC_V4: [number, number, number][] = [
  [0, 0, 255],
  [10, 0, 255],
  [100, 64, 127],
  [127, 0, 255],
  [169, 254, 254],
  [172, 16, 31],
  [192, 168, 168],
  [198, 18, 19],
  [224, 0, 255],
  [239, 0, 255],
  [240, 0, 255],
  [255, 255, 255],
];

const publicV4 = fc
  .tuple(fc.constantFrom(...PUBLIC_FIRST_OCTETS), byte, byte, byte)
  .chain((octets) => spell(octets));
const nonPublicV4 = fc
  .constantFrom(...NON_PUBLIC_V4)
  .chain(([a, bMin, bMax]) =>
    fc.tuple(fc.constant(a), fc.integer({ min: bMin, max: bMax }), byte, byte),
  )
  .chain((octets) => spell(octets));

const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const sixHextets = fc.array(hextet, { minLength: 6, maxLength: 6 });
const publicV6 = fc
  .tuple(fc.constantFrom('2001:4860', '2a00:1450', '2606:4700', '2a03:2880'), sixHextets)
  .map(([prefix, rest]) => `[${prefix}:${rest.join(':')}]`);
const nonPublicV6 = fc.oneof(
  fc.constantFrom('[::1]', '[::]', '[0:0:0:0:0:0:0:1]'),
  fc
    .tuple(fc.constantFrom('fc00', 'fd12', 'fe80', 'ff02', '2001:db8'), hextet)
    .map(([p, h]) => `[${p}::${h}]`),
  fc
    .constantFrom(...NON_PUBLIC_V4)
    .chain(([a, bMin, bMax]) =>
      fc.tuple(fc.constant(a), fc.integer({ min: bMin, max: bMax }), byte, byte),
    )
    .chain(([a, b, c, d]) =>
      fc.constantFrom(
        `[::ffff:${a}.${b}.${c}.${d}]`,
        `[::FFFF:${((a << 8) + b).toString(16)}:${((c << 8) + d).toString(16)}]`,
        `[0:0:0:0:0:ffff:${a}.${b}.${c}.${d}]`,
      ),
    ),
);

const host: fc.Arbitrary<GeneratedHost> = fc.oneof(
  fc
    .tuple(labels, fc.constantFrom(...PUBLIC_SUFFIXES), fc.boolean(), fc.boolean())
    .map(([names, suffix, upper, trailingDot]) => {
      const name = `${names.join('.')}.${suffix}${trailingDot ? '.' : ''}`;
      return { written: upper ? name.toUpperCase() : name, isPublic: true };
    }),
  fc
    .tuple(labels, fc.constantFrom(...NON_PUBLIC_SUFFIXES))
    .map(([names, suffix]) => ({ written: `${names.join('.')}.${suffix}`, isPublic: false })),
  anyLabel.map((name) => ({ written: name, isPublic: false })),
  fc
    .constantFrom('localhost', 'LOCALHOST.', 'localhost')
    .map((name) => ({ written: name, isPublic: false })),
  publicV4.map((written) => ({ written, isPublic: true })),
  nonPublicV4.map((written) => ({ written, isPublic: false })),
  publicV6.map((written) => ({ written, isPublic: true })),
  nonPublicV6.map((written) => ({ written, isPublic: false })),
);

const SCHEMES = ['http', 'https', 'HTTPS', 'ftp', 'ws', 'file', 'chrome', 'javascript', 'data'];
const urlPart = fc.stringMatching(/^[\w.~!$&'()*+,;=:@%/-]{0,20}$/);

const generatedUrl = fc.record({
  scheme: fc.constantFrom(...SCHEMES),
  userinfo: fc.option(fc.tuple(label, fc.option(label)), { nil: undefined }),
  host,
  port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  path: urlPart,
  query: fc.option(urlPart, { nil: undefined }),
  fragment: fc.option(urlPart, { nil: undefined }),
});

type UrlParts = typeof generatedUrl extends fc.Arbitrary<infer T> ? T : never;

function written(parts: UrlParts): string {
  const userinfo = parts.userinfo
    ? `${parts.userinfo[0]}${parts.userinfo[1] ? `:${parts.userinfo[1]}` : ''}@`
    : '';
  const port = parts.port === undefined ? '' : `:${parts.port}`;
  const query = parts.query === undefined ? '' : `?${parts.query}`;
  const fragment = parts.fragment === undefined ? '' : `#${parts.fragment}`;
  return `${parts.scheme}://${userinfo}${parts.host.written}${port}/${parts.path}${query}${fragment}`;
}

describe('the lookup target policy, over generated URLs', () => {
  it(`builds a request only for public http(s) origins, with an origin as its url (${NUM_RUNS} runs)`, () => {
    let requests = 0;
    fc.assert(
      fc.property(generatedUrl, (parts) => {
        const url = written(parts);
        const target = deriveLookupTarget(url);
        const isWeb = /^https?$/i.test(parts.scheme);
        if (target.kind === 'refused') {
          expect(isWeb && parts.host.isPublic, `${url} refused as ${target.reason}`).toBe(false);
          return;
        }
        expect(isWeb && parts.host.isPublic, `${url} sent`).toBe(true);
        requests += 1;

        const request = new URL(reportRequestUrl(BASE_URL, target.origin));
        expect([...request.searchParams.keys()]).toEqual(['url']);
        const sent = new URL(request.searchParams.get('url') ?? '');
        // An origin and nothing more: serialising the parsed value as an origin changes nothing.
        expect(sent.origin).toBe(target.origin);
        expect(sent.pathname).toBe('/');
        expect(`${sent.username}${sent.password}${sent.search}${sent.hash}`).toBe('');
        expect(target.origin).toMatch(/^https?:\/\/[^/@?#]+$/);
        expect(target.origin).toBe(new URL(url).origin.replace(/\.(?=(:\d+)?$)/, ''));
      }),
      { numRuns: NUM_RUNS },
    );
    // The generator reaches both sides: many requests, and many refusals.
    expect(requests).toBeGreaterThan(NUM_RUNS / 10);
    expect(requests).toBeLessThan(NUM_RUNS * 0.9);
    // Ten thousand runs take CPU time: on a loaded machine they outlast vitest's default 5 s.
  }, 60_000);
});
