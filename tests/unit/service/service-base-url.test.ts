import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_BASE_URL,
  hostPermissionFor,
  normaliseServiceBaseUrl,
  resolveServiceBaseUrl,
} from '../../../lib/contract/service-base-url';

describe('resolveServiceBaseUrl', () => {
  it('falls back to the live service when nothing is configured', () => {
    expect(resolveServiceBaseUrl(undefined)).toBe(DEFAULT_SERVICE_BASE_URL);
    expect(resolveServiceBaseUrl('  ')).toBe(DEFAULT_SERVICE_BASE_URL);
  });

  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    ['https://reports.example.org/v1/', 'https://reports.example.org/v1'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(resolveServiceBaseUrl(raw)).toBe(expected);
  });

  it.each([
    'ftp://x.org',
    'not a url',
    'https://u:p@x.org',
    'https://x.org/?q=1',
    'javascript:alert(1)',
  ])('refuses %s', (raw) => {
    expect(normaliseServiceBaseUrl(raw)).toBeNull();
    expect(() => resolveServiceBaseUrl(raw)).toThrow(/WXT_REPORT_API_BASE_URL/);
  });
});

describe('hostPermissionFor', () => {
  it('drops the port and path, which match patterns do not need', () => {
    expect(hostPermissionFor('http://127.0.0.1:8787/api')).toBe('http://127.0.0.1/*');
  });
});
