/** Words for each reason a tab's site was not sent to the service (locales/…/reasons.json). */
import { type MessageKey, t } from '../locale/i18n';
import type { NotLookedUpReason } from './lookup-target';

export interface NotLookedUpText {
  /** The headline, e.g. "Not looked up: private address". */
  title: string;
  /** One line on why. */
  why: string;
}

const MESSAGES: Record<NotLookedUpReason, { title: MessageKey; why: MessageKey }> = {
  'no-url': { title: 'reasonNoUrlTitle', why: 'reasonNoUrlWhy' },
  'not-http': { title: 'reasonNotHttpTitle', why: 'reasonNotHttpWhy' },
  'invalid-url': { title: 'reasonInvalidUrlTitle', why: 'reasonInvalidUrlWhy' },
  localhost: { title: 'reasonLocalhostTitle', why: 'reasonPrivacyWhy' },
  'private-address': { title: 'reasonPrivateAddressTitle', why: 'reasonPrivacyWhy' },
  'no-public-suffix': { title: 'reasonNoPublicSuffixTitle', why: 'reasonNoPublicSuffixWhy' },
  'too-long': { title: 'reasonTooLongTitle', why: 'reasonTooLongWhy' },
  paused: { title: 'reasonPausedTitle', why: 'reasonPausedWhy' },
  incognito: { title: 'reasonIncognitoTitle', why: 'reasonIncognitoWhy' },
};

/** Every reason, for tables and tests that must cover them all. */
export const NOT_LOOKED_UP_REASONS = Object.keys(MESSAGES) as NotLookedUpReason[];

export function notLookedUpText(reason: NotLookedUpReason): NotLookedUpText {
  const { title, why } = MESSAGES[reason];
  return { title: t(title), why: t(why) };
}

/** The headline sentence alone, e.g. "Not looked up: private address". */
export function notLookedUpReasonSentence(reason: NotLookedUpReason): string {
  return t(MESSAGES[reason].title);
}
