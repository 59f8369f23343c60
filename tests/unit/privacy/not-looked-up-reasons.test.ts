import { describe, expect, it } from 'vitest';
import type { NotLookedUpReason } from '../../../lib/privacy/lookup-target';
import { notLookedUpText } from '../../../lib/tabs/not-looked-up-reasons';

/** Every reason (the type makes the table name each one) and its headline. */
const HEADLINES: Record<NotLookedUpReason, string> = {
  'no-url': 'Not looked up: this tab has no web address yet',
  'not-http': 'Not looked up: not a website',
  'invalid-url': 'Not looked up: unreadable address',
  localhost: 'Not looked up: local site',
  'private-address': 'Not looked up: private address',
  'no-public-suffix': 'Not looked up: not a public domain name',
  'too-long': 'Not looked up: address too long',
  paused: 'Not looked up: paused on this site',
  incognito: 'Not looked up: private window',
};

describe('notLookedUpText', () => {
  it.each(
    Object.entries(HEADLINES) as [NotLookedUpReason, string][],
  )('names %s as %j with a reason line', (reason, sentence) => {
    expect(notLookedUpText(reason).title).toBe(sentence);
    expect(notLookedUpText(reason).why).toMatch(/\w.*\.$/);
  });

  it.each<NotLookedUpReason>([
    'localhost',
    'private-address',
  ])('explains %s with the privacy rule', (reason) => {
    expect(notLookedUpText(reason).why).toMatch(/local and private sites are never sent/);
  });

  it('gives each reason its own headline', () => {
    const headlines = Object.values(HEADLINES);
    expect(new Set(headlines).size).toBe(headlines.length);
  });
});
