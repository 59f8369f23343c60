import { describe, expect, it } from 'vitest';
import {
  domainCovers,
  entriesCovering,
  normalisePausedDomain,
  normalisePausedDomains,
  pausedDomainOfAddress,
} from '../../../lib/privacy/paused-domains';

describe('normalisePausedDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Corp.Example.COM.', 'corp.example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['10.0.0.1', '10.0.0.1'],
    // The URL parser's own spelling of an address.
    ['0x0a.0.0.1', '10.0.0.1'],
    ['::1', '[::1]'],
    ['[2001:DB8::1]', '[2001:db8::1]'],
    ['intranet', 'intranet'],
  ])('keeps %j as %j', (value, kept) => {
    expect(normalisePausedDomain(value)).toBe(kept);
  });

  it.each([
    'https://example.com',
    'example.com:8443',
    'example.com/path',
    'user@example.com',
    '*.example.com',
    '.example.com',
    'a..example.com',
    'exa mple.com',
    '[::1]:80',
    '1.2.3.4.5',
    '',
    'a'.repeat(254),
    42,
    null,
  ])('refuses %j, which names no host', (value) => {
    expect(normalisePausedDomain(value)).toBeNull();
  });

  it('keeps a list as a set: normalised, sorted, each once, without what names no host', () => {
    expect(
      normalisePausedDomains(['b.example', 'A.example', 'b.example.', '*.c.example', 7]),
    ).toEqual(['a.example', 'b.example']);
  });
});

describe('domainCovers', () => {
  it('covers the name itself and every name below it, and nothing else', () => {
    expect(domainCovers('corp.example.com', 'corp.example.com')).toBe(true);
    expect(domainCovers('corp.example.com', 'jira.corp.example.com')).toBe(true);
    expect(domainCovers('corp.example.com', 'a.b.corp.example.com')).toBe(true);
    expect(domainCovers('corp.example.com', 'example.com')).toBe(false);
    expect(domainCovers('corp.example.com', 'acorp.example.com')).toBe(false);
    expect(domainCovers('corp.example.com', 'corp.example.com.evil.net')).toBe(false);
  });

  it('covers an IP address only by itself', () => {
    expect(domainCovers('10.0.0.1', '10.0.0.1')).toBe(true);
    expect(domainCovers('0.0.1', '10.0.0.1')).toBe(false);
    expect(domainCovers('[::1]', '[::1]')).toBe(true);
    expect(domainCovers('1]', '[::1]')).toBe(false);
  });

  it('lists every entry that covers a host', () => {
    expect(
      entriesCovering(['example.com', 'corp.example.com', 'other.org'], 'jira.corp.example.com'),
    ).toEqual(['example.com', 'corp.example.com']);
  });
});

describe('pausedDomainOfAddress', () => {
  it.each([
    ['https://jira.example.com:8443/browse/X-1', 'jira.example.com'],
    ['  http://Example.com/  ', 'example.com'],
    ['example.com', 'example.com'],
    ['example.com:8443/path', 'example.com'],
    ['corp.example.com.', 'corp.example.com'],
  ])('takes %j as %j', (typed, domain) => {
    expect(pausedDomainOfAddress(typed)).toBe(domain);
  });

  it.each([
    '',
    'ftp://example.com',
    'javascript:alert(1)',
    '*.example.com',
    'a b',
  ])('refuses %j', (typed) => {
    expect(pausedDomainOfAddress(typed)).toBeNull();
  });
});
