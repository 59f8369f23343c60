import { describe, expect, it } from 'vitest';
import { isContractUri } from '../../../lib/contract/report-schema';
import { LINK_URLS } from '../../fixtures/hostile-strings';
import { openapiValidators } from '../../support/openapi-validators';

const { error: validateError } = openapiValidators();

/** What the OpenAPI document (ajv-formats) says of `value` as an Error body's scan_url. */
const documentAllows = (value: string) => validateError({ error: 'x', scan_url: value }) === true;

describe('isContractUri', () => {
  it.each([
    ['an https URL', 'https://is-agentic.com/scan/example.com?x=1#top', true],
    ['an http URL with a port', 'http://127.0.0.1:8787/scan/a', true],
    ['an IPv6 host', 'http://[2001:db8::1]/', true],
    ['javascript: (a URI, though never a link)', 'javascript:alert(1)', true],
    ['a URN', 'urn:isbn:0451450523', true],
    ['a scheme alone', 'http:', false],
    ['a port beyond 65535 (RFC 3986 does not limit it)', 'http://example.com:99999/', true],
    ['a relative path', '/scan/example', false],
    ['a protocol-relative URL', '//example.com/scan', false],
    ['a leading tab', '\tjavascript:alert(1)', false],
    ['a space inside', 'https://example.com/a b', false],
    ['a non-ASCII host (an IRI, not a URI)', 'https://bücher.example/', false],
    ['a bare word', 'example', false],
    ['an empty string', '', false],
  ])('%s: %j is %s', (_case, value, expected) => {
    expect(isContractUri(value)).toBe(expected);
  });

  it.each([
    ...LINK_URLS.map((link) => link.url),
    'http:',
    'http://example.com:99999/',
    'https://bücher.example/',
    'mailto:someone@example.com',
    'HTTP://EXAMPLE.COM/',
    'https://example.com/%zz',
    'https://example.com/#frag#ment',
    'a:b',
    'http://exa mple.com/',
  ])('agrees with the OpenAPI document on %j', (value) => {
    expect(isContractUri(value)).toBe(documentAllows(value));
  });
});
