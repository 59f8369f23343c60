/** The words of the notification about a watched site's change (README). */
import { hostOf } from '../contract/http-origin';
import type { CheckChanges } from '../history/check-diff';
import { type MessageKey, t } from '../locale/i18n';
import type { WatchChange } from './watch-check';

/** Firefox for Android shows the message on a line or two. */
export const WATCH_MESSAGE_MAX_LENGTH = 150;
/** Checks named per kind before the rest are counted ("+2 more"). */
export const NAMES_PER_KIND = 2;
/** A check's name is cut to this, so one long name cannot crowd out the others. */
export const NAME_MAX_LENGTH = 32;
const SEPARATOR = ' · ';
const ELLIPSIS = '…';

const KINDS: readonly { kind: keyof CheckChanges; names: MessageKey; count: MessageKey }[] = [
  { kind: 'fixed', names: 'watchNoticeFixed', count: 'watchNoticeFixedCount' },
  { kind: 'new', names: 'watchNoticeNew', count: 'watchNoticeNewCount' },
  { kind: 'worse', names: 'watchNoticeWorse', count: 'watchNoticeWorseCount' },
  { kind: 'better', names: 'watchNoticeBetter', count: 'watchNoticeBetterCount' },
];

const scoreText = (score: number | null) => (score === null ? t('sitesNoScore') : String(score));

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - ELLIPSIS.length)}${ELLIPSIS}`;
}

/** The ways to say one kind of change, the fullest first, the count alone last. */
function kindForms(checks: readonly { name: string }[], kind: (typeof KINDS)[number]): string[] {
  const forms: string[] = [];
  for (let shown = Math.min(checks.length, NAMES_PER_KIND); shown > 0; shown -= 1) {
    const listed = checks.slice(0, shown).map((check) => cut(check.name, NAME_MAX_LENGTH));
    const rest = checks.length - shown;
    if (rest > 0) listed.push(t('watchNoticeMore', String(rest)));
    forms.push(t(kind.names, listed.join(', ')));
  }
  forms.push(t(kind.count, String(checks.length)));
  return forms;
}

const joined = (parts: readonly string[]) => parts.join(SEPARATOR);
const within = (parts: readonly string[]) => joined(parts).length <= WATCH_MESSAGE_MAX_LENGTH;

/**
 * The fixed parts, then one form of each kind: all start as counts (the shortest), then kind
 * by kind each takes the fullest form that keeps the message within the bound. A kind whose
 * count does not fit is left out; the cut at the end only guards the bound.
 */
function fitted(fixed: readonly string[], kinds: readonly (readonly string[])[]): string {
  const said: (readonly string[])[] = [];
  const chosen: string[] = [];
  for (const forms of kinds) {
    const count = forms.at(-1);
    if (count === undefined || !within([...fixed, ...chosen, count])) continue;
    said.push(forms);
    chosen.push(count);
  }
  for (const [index, forms] of said.entries()) {
    const trial = (form: string) => chosen.map((part, at) => (at === index ? form : part));
    const fullest = forms.find((form) => within([...fixed, ...trial(form)]));
    if (fullest !== undefined) chosen[index] = fullest;
  }
  return cut(joined([...fixed, ...chosen]), WATCH_MESSAGE_MAX_LENGTH);
}

/**
 * The site in the title; in the message the score's old and new values, whether the service's
 * method changed, and which checks changed ("Score: 74 → 81 · Fixed: Sitemap · New: JSON-LD"),
 * or without a list of changes, the number of failed checks, old and new.
 */
export function watchChangeMessage(change: WatchChange): { title: string; message: string } {
  const title = t('watchNoticeTitle', hostOf(change.site));
  const score =
    change.oldScore === change.newScore
      ? []
      : [t('watchNoticeScore', [scoreText(change.oldScore), scoreText(change.newScore)])];
  const failed = t('watchNoticeFailed', [String(change.oldFailed), String(change.newFailed)]);
  const { checks } = change;
  const moved = checks.kind === 'methodology-moved' || (checks.kind === 'changes' && checks.method);
  const method = moved ? [t('watchNoticeMethodology')] : [];
  const present =
    checks.kind === 'changes' ? KINDS.filter(({ kind }) => checks[kind].length > 0) : [];
  if (checks.kind !== 'changes' || present.length === 0) {
    return { title, message: fitted([...score, ...(moved ? method : [failed])], []) };
  }
  const kinds = present.map((kind) => kindForms(checks[kind.kind], kind));
  return { title, message: fitted([...score, ...method], kinds) };
}
