/** Words for each reason a tab's site was not sent to the service. */
import type { NotLookedUpReason } from './tab-view';

export interface NotLookedUpText {
  /** The headline, e.g. "Not looked up: private address". */
  title: string;
  /** One line on why. */
  why: string;
}

const PRIVACY_WHY =
  'For your privacy, local and private sites are never sent to the report service.';

const TEXTS: Record<NotLookedUpReason, NotLookedUpText> = {
  'no-url': {
    title: 'Not looked up: this tab has no web address yet',
    why: 'Open a web page (http or https) to see its readiness report.',
  },
  'not-http': {
    title: 'Not looked up: not a website',
    why: 'Only http and https sites have readiness reports; browser and file pages are never sent.',
  },
  'invalid-url': {
    title: 'Not looked up: unreadable address',
    why: 'The address of this tab could not be read as a web address, so nothing was sent.',
  },
  localhost: {
    title: 'Not looked up: local site',
    why: PRIVACY_WHY,
  },
  'private-address': {
    title: 'Not looked up: private address',
    why: PRIVACY_WHY,
  },
  'too-long': {
    title: 'Not looked up: address too long',
    why: 'The report service accepts addresses of up to 2,048 characters.',
  },
  paused: {
    title: 'Not looked up: paused on this site',
    why: 'You paused lookups on this site. Resume to see its readiness report again.',
  },
};

export function notLookedUpText(reason: NotLookedUpReason): NotLookedUpText {
  return TEXTS[reason];
}

/** The headline sentence alone, e.g. "Not looked up: private address". */
export function notLookedUpReasonSentence(reason: NotLookedUpReason): string {
  return TEXTS[reason].title;
}
