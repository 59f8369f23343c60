import { describe, expect, it } from 'vitest';
import type { NotLookedUpReason } from '../../../lib/privacy/lookup-target';
import {
  NOT_LOOKED_UP_REASONS,
  notLookedUpReasonSentence,
  notLookedUpText,
} from '../../../lib/privacy/not-looked-up-reasons';

describe('notLookedUpText', () => {
  it.each<[NotLookedUpReason, string]>([
    ['no-url', 'Not looked up: this tab has no web address yet'],
    ['not-http', 'Not looked up: not a website'],
    ['invalid-url', 'Not looked up: unreadable address'],
    ['localhost', 'Not looked up: local site'],
    ['private-address', 'Not looked up: private address'],
    ['no-public-suffix', 'Not looked up: not a public domain name'],
    ['too-long', 'Not looked up: address too long'],
    ['paused', 'Not looked up: paused on this site'],
    ['incognito', 'Not looked up: private window'],
  ])('names %s as %j with a reason line', (reason, sentence) => {
    expect(notLookedUpReasonSentence(reason)).toBe(sentence);
    expect(notLookedUpText(reason).why).toMatch(/\w.*\.$/);
  });

  it.each<NotLookedUpReason>([
    'localhost',
    'private-address',
  ])('explains %s with the privacy rule', (reason) => {
    expect(notLookedUpText(reason).why).toMatch(/local and private sites are never sent/);
  });

  it('has words for every reason, each its own headline', () => {
    const titles = NOT_LOOKED_UP_REASONS.map(notLookedUpReasonSentence);
    expect(NOT_LOOKED_UP_REASONS).toHaveLength(9);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
