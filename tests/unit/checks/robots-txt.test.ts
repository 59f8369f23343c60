/** readRobotsTxt and isAllowed by RFC 9309 and on hostile input; Google's cases are in agreement.test.ts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowed, ROBOTS_MAX_BYTES, readRobotsTxt } from '../../../lib/checks/robots-txt';

const MB = 1024 * 1024;
const allowed = (body: string, token: string, path = '/') =>
  isAllowed(readRobotsTxt(body), token, path);
/** A letters-only name for `n`, since a product token stops at the first digit. */
const letters = (n: number) =>
  n.toString(26).replace(/./g, (d) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(d, 26)] ?? '');

describe('groups', () => {
  it('lets consecutive User-agent lines share a group, across blank, Sitemap and unknown lines', () => {
    const body = [
      'User-agent: GPTBot',
      '',
      'Sitemap: https://example.org/sitemap.xml',
      'Content-Signal: ai-train=no',
      'User-agent: ClaudeBot',
      'Disallow: /',
    ].join('\n');
    expect(allowed(body, 'GPTBot')).toBe(false);
    expect(allowed(body, 'ClaudeBot')).toBe(false);
    expect(allowed(body, 'CCBot')).toBe(true);
  });

  it('starts a new group at a User-agent line after a rule, and merges groups of one token', () => {
    const body =
      'User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: a\nDisallow: /z\n';
    expect([allowed(body, 'a', '/x'), allowed(body, 'a', '/y'), allowed(body, 'a', '/z')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(allowed(body, 'b', '/x')).toBe(true);
  });

  it('ignores rules before the first User-agent line', () => {
    expect(allowed('Disallow: /\nUser-agent: *\nAllow: /', 'GPTBot')).toBe(true);
    expect(allowed('Disallow: /\n', 'GPTBot')).toBe(true);
  });

  it("uses a token's own groups instead of `*`, not on top of it", () => {
    const body = 'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private\n';
    expect(allowed(body, 'GPTBot')).toBe(true);
    expect(allowed(body, 'GPTBot', '/private/x')).toBe(false);
    expect(allowed(body, 'CCBot')).toBe(false);
    // A group with no rules still names the token: nothing is disallowed for it.
    expect(allowed('User-agent: *\nDisallow: /\nUser-agent: GPTBot\n', 'GPTBot')).toBe(true);
  });

  it('allows everything when no group matches and there is no `*` group', () => {
    expect(allowed('User-agent: Other\nDisallow: /\n', 'GPTBot')).toBe(true);
    expect(allowed('', 'GPTBot')).toBe(true);
  });

  it('matches keys and product tokens case-insensitively; a token ends at a character not in [A-Za-z_-]', () => {
    expect(allowed('USER-AGENT: gptbot\nDISALLOW: /\n', 'GPTBot')).toBe(false);
    expect(
      allowed(
        'User-agent: Googlebot/2.1 (+http://www.google.com/bot.html)\nDisallow: /\n',
        'googlebot',
      ),
    ).toBe(false);
    expect(allowed('User-agent: Google-Extended\nDisallow: /\n', 'Google-Extended')).toBe(false);
    expect(allowed('User-agent: Google\nDisallow: /\n', 'Google-Extended')).toBe(true);
    expect(allowed('User-agent: * GPTBot\nDisallow: /\n', 'CCBot')).toBe(false);
  });

  it('needs the colon: a line without one is no rule (Google reads it as one)', () => {
    expect(allowed('User-agent GPTBot\nDisallow /\n', 'GPTBot')).toBe(true);
  });
});

describe('rules', () => {
  const rules = (...lines: string[]) => `User-agent: *\n${lines.join('\n')}\n`;

  it('lets the longest matching pattern win, and Allow win a tie', () => {
    expect(allowed(rules('Disallow: /docs', 'Allow: /docs/public'), 'a', '/docs/public/x')).toBe(
      true,
    );
    expect(allowed(rules('Allow: /docs', 'Disallow: /docs/'), 'a', '/docs/x')).toBe(false);
    expect(allowed(rules('Disallow: /a', 'Allow: /a'), 'a', '/a')).toBe(true);
  });

  it('measures patterns in octets, percent-encoded', () => {
    expect(allowed(rules('Disallow: /é', 'Allow: /%C3'), 'a', '/%C3%A9')).toBe(false);
    expect(allowed(rules('Disallow: /%aa'), 'a', '/%AA')).toBe(false);
    expect(allowed(rules('Disallow: /café'), 'a', '/caf%C3%A9/menu')).toBe(false);
    expect(allowed(rules('Disallow: /café'), 'a', '/café')).toBe(false);
  });

  it('reads `*` as any run of characters and a final `$` as the end of the path', () => {
    expect(allowed(rules('Disallow: /*.pdf$'), 'a', '/files/a.pdf')).toBe(false);
    expect(allowed(rules('Disallow: /*.pdf$'), 'a', '/files/a.pdf?x=1')).toBe(true);
    expect(allowed(rules('Allow: /$', 'Disallow: /'), 'a', '/')).toBe(true);
    expect(allowed(rules('Allow: /$', 'Disallow: /'), 'a', '/page')).toBe(false);
    expect(allowed(rules('Disallow: /a*b*c'), 'a', '/a-c-b-c')).toBe(false);
    expect(allowed(rules('Disallow: /a*b*c'), 'a', '/a-c-b')).toBe(true);
    expect(allowed(rules('Disallow: /**x'), 'a', '/yx')).toBe(false);
    // Only a final `$` anchors.
    expect(allowed(rules('Disallow: /a$b'), 'a', '/a$b/c')).toBe(false);
  });

  it('allows all on an empty Disallow, and always allows /robots.txt', () => {
    expect(allowed(rules('Disallow:'), 'a', '/x')).toBe(true);
    expect(allowed(rules('Disallow: /'), 'a', '/robots.txt')).toBe(true);
  });

  it('strips comments, and is case-sensitive in paths', () => {
    expect(allowed(rules('# Disallow: /', 'Disallow: /x#y'), 'a', '/a')).toBe(true);
    expect(allowed(rules('Disallow: /x#y'), 'a', '/x')).toBe(false);
    expect(allowed(rules('Disallow: /X'), 'a', '/x')).toBe(true);
  });

  it('reads \\r\\n and \\r line ends and a leading BOM', () => {
    expect(allowed('\uFEFFUser-agent: a\r\nDisallow: /\r\n', 'a')).toBe(false);
    expect(allowed('User-agent: a\rDisallow: /\r', 'a')).toBe(false);
  });
});

describe('Sitemap lines', () => {
  it('keeps their values in order, outside any group', () => {
    const body =
      'Sitemap: https://a.example/1.xml\nUser-agent: *\nSitemap: /2.xml # two\nDisallow: /\nsitemap:https://b.example/3.xml';
    expect(readRobotsTxt(body).sitemaps).toEqual([
      'https://a.example/1.xml',
      '/2.xml',
      'https://b.example/3.xml',
    ]);
  });

  it('keeps at most 50, each cut at 2,048 characters', () => {
    const many = Array.from({ length: 80 }, (_, i) => `Sitemap: /s${i}.xml`).join('\n');
    const { sitemaps } = readRobotsTxt(many);
    expect(sitemaps).toHaveLength(50);
    expect(sitemaps.at(-1)).toBe('/s49.xml');
    expect(readRobotsTxt(`Sitemap: /${'s'.repeat(5000)}`).sitemaps[0]).toHaveLength(2048);
  });
});

describe('the 500 KiB cut', () => {
  const head = 'User-agent: *\n';
  /** A comment line of `octets` octets, its line break included. */
  const filler = (octets: number) => `# ${'x'.repeat(octets - 3)}\n`;
  const upTo = (octets: number) => head + filler(octets - head.length);

  it('reads the lines within the limit, and none after it', () => {
    const rule = 'Disallow: /\n';
    expect(allowed(upTo(ROBOTS_MAX_BYTES - rule.length) + rule, 'a')).toBe(false);
    expect(allowed(upTo(ROBOTS_MAX_BYTES) + rule, 'a')).toBe(true);
  });

  it('keeps a line that ends at the limit, though its line break falls past it', () => {
    expect(allowed(`${upTo(ROBOTS_MAX_BYTES - 11)}Disallow: /\n`, 'a')).toBe(false);
  });

  it('drops the line the cut goes through rather than read a shorter path', () => {
    const body = `${upTo(ROBOTS_MAX_BYTES - 11)}Disallow: /private\n`;
    expect(allowed(body, 'a', '/p')).toBe(true);
    expect(allowed(body, 'a', '/private')).toBe(true);
  });

  it('counts octets, not characters', () => {
    const wide = `# ${'é'.repeat(ROBOTS_MAX_BYTES / 2)}\n`;
    expect(allowed(`${head}${wide}Disallow: /\n`, 'a')).toBe(true);
    expect(allowed(`${head}Disallow: /\n${wide}`, 'a')).toBe(false);
  });
});

describe('on hostile input', () => {
  it('finishes 1 MB of newlines and a single 1 MB line', () => {
    expect(allowed('\n'.repeat(MB), 'a')).toBe(true);
    expect(allowed(`User-agent: *\nDisallow: /${'a'.repeat(MB)}`, 'a', '/a')).toBe(true);
    expect(allowed(`User-agent: ${'a'.repeat(MB)}\nDisallow: /`, 'a')).toBe(true);
  });

  it('keeps one copy of the rules of a group of 5,000 agents over 5,000 rules', () => {
    const agents = Array.from({ length: 5000 }, (_, i) => `User-agent: bot${letters(i)}`);
    const rules = Array.from({ length: 5000 }, (_, i) => `Disallow: /p${i}/`);
    const robots = readRobotsTxt([...agents, ...rules, 'Allow: /p1/open'].join('\n'));
    expect(robots.groups.size).toBe(5000);
    const [first] = robots.groups.get('bota') ?? [];
    expect(first).toHaveLength(5001);
    expect(robots.groups.get(`bot${letters(4999)}`)?.[0]).toBe(first);
    expect(isAllowed(robots, `BOT${letters(4999)}`, '/p4999/x')).toBe(false);
    expect(isAllowed(robots, 'bota', '/p1/open')).toBe(true);
    expect(isAllowed(robots, 'other', '/p1/x')).toBe(true);
  });

  it('matches a pattern of many wildcards against a long path', () => {
    const body = `User-agent: *\nDisallow: /${'*a'.repeat(100_000)}b\n`;
    expect(allowed(body, 'x', `/${'a'.repeat(2000)}`)).toBe(true);
    expect(allowed(body, 'x', `/${'a'.repeat(2000)}b`)).toBe(true);
    expect(
      allowed(`User-agent: *\nDisallow: /${'*a'.repeat(1000)}b\n`, 'x', `/${'a'.repeat(2000)}b`),
    ).toBe(false);
  });

  it('never throws on any body, token or path', () => {
    const piece = fc.constantFrom(
      'User-agent: ',
      'user-agent:*',
      'Allow:',
      'Disallow: ',
      'Sitemap: ',
      '/',
      '*',
      '$',
      '#',
      ':',
      'a',
      'Bot',
      '%',
      '%2f',
      'é',
      '\uD800',
      '\n',
      '\r\n',
      '\r',
      ' ',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }),
        fc.string(),
        fc.string(),
        (pieces, token, path) => {
          const robots = readRobotsTxt(pieces.join(''));
          expect(typeof isAllowed(robots, token, path)).toBe('boolean');
          expect(isAllowed(robots, token, `/${pieces.join('')}`)).toBeTypeOf('boolean');
          expect(isAllowed(robots, token, '/robots.txt')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
