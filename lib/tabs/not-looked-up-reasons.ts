/** Words for each reason a tab's site was not sent to the service (locales/…/reasons.json). */
import { type MessageKey, t } from '../locale/i18n';
import type { NotLookedUpReason } from '../privacy/lookup-target';

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

export const isNotLookedUpReason = (value: string): value is NotLookedUpReason =>
  Object.hasOwn(MESSAGES, value);

/** The headline ("Not looked up: private address") and one line on why. */
export function notLookedUpText(reason: NotLookedUpReason): { title: string; why: string } {
  const { title, why } = MESSAGES[reason];
  return { title: t(title), why: t(why) };
}
