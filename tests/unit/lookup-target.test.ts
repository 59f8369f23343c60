import { describe, expect, it } from 'vitest';
import { deriveLookupTarget } from '../../lib/lookup-target';

describe('deriveLookupTarget', () => {
  it.each([
    ['https://example.com/', 'https://example.com'],
    ['https://Example.COM/path?q=secret#frag', 'https://example.com'],
    ['https://user:pass@example.com/', 'https://example.com'],
    ['http://example.com:8080/a', 'http://example.com:8080'],
    ['https://example.com:443/a', 'https://example.com'],
    ['http://example.com:80/a', 'http://example.com'],
    ['https://example.com./', 'https://example.com'],
    ['https://bücher.example.de/', 'https://xn--bcher-kva.example.de'],
    ['http://8.8.8.8/x', 'http://8.8.8.8'],
    ['http://[2001:4860:4860::8888]/', 'http://[2001:4860:4860::8888]'],
  ])('sends only the origin of %s', (url, origin) => {
    expect(deriveLookupTarget(url)).toEqual({ kind: 'target', origin });
  });

  it.each([
    [undefined, 'no-url'],
    ['', 'no-url'],
    ['not a url', 'invalid-url'],
    ['chrome://newtab/', 'not-http'],
    ['about:blank', 'not-http'],
    ['file:///etc/passwd', 'not-http'],
    ['ftp://example.com/', 'not-http'],
    ['chrome-extension://abc/popup.html', 'not-http'],
    ['http://localhost:3000/', 'localhost'],
    ['http://LOCALHOST./', 'localhost'],
    ['http://app.localhost/', 'localhost'],
    ['http://127.0.0.1/', 'private-address'],
    ['http://127.1/', 'private-address'],
    ['http://2130706433/', 'private-address'],
    ['http://0x7f000001/', 'private-address'],
    ['http://0177.0.0.1/', 'private-address'],
    ['http://10.1.2.3/', 'private-address'],
    ['http://172.16.0.1/', 'private-address'],
    ['http://192.168.1.1/', 'private-address'],
    ['http://169.254.169.254/', 'private-address'],
    ['http://100.64.0.1/', 'private-address'],
    ['http://0.0.0.0/', 'private-address'],
    ['http://[::1]/', 'private-address'],
    ['http://[fc00::1]/', 'private-address'],
    ['http://[fe80::1]/', 'private-address'],
    ['http://[::ffff:10.0.0.1]/', 'private-address'],
    ['http://[::ffff:127.0.0.1]/', 'private-address'],
    [
      `https://${'a'.repeat(60)}.${'b'.repeat(60)}.com/`.replace(
        '.com',
        `${'.c'.repeat(1000)}.com`,
      ),
      'too-long',
    ],
  ])('refuses %s as %s', (url, reason) => {
    expect(deriveLookupTarget(url)).toEqual({ kind: 'refused', reason });
  });
});
