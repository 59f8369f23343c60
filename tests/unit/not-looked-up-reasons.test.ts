import { describe, expect, it } from 'vitest';
import { notLookedUpReasonSentence, notLookedUpText } from '../../lib/not-looked-up-reasons';
import type { NotLookedUpReason } from '../../lib/tab-view';

describe('notLookedUpText', () => {
  it.each<[NotLookedUpReason, string]>([
    ['no-url', 'Not looked up: this tab has no web address yet'],
    ['not-http', 'Not looked up: not a website'],
    ['invalid-url', 'Not looked up: unreadable address'],
    ['localhost', 'Not looked up: local site'],
    ['private-address', 'Not looked up: private address'],
    ['too-long', 'Not looked up: address too long'],
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
});
