/**
 * The notification's words, in the shipped messages: the checks changed by name where the
 * score history knows them, the service's new way of counting, or the score and failed-check
 * counts otherwise; and never longer than the bound, whatever the names and counts.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatMessage, readLocaleMessages } from '../../../build/locale-messages';
import type { CheckDiff, MethodChange } from '../../../lib/history/check-diff';
import type { ListedCheck } from '../../../lib/history/scan-record';
import {
  NAME_MAX_LENGTH,
  NAMES_PER_KIND,
  WATCH_MESSAGE_MAX_LENGTH,
  watchChangeMessage,
} from '../../../lib/sites/watch-change-message';
import type { WatchChange } from '../../../lib/sites/watch-check';
import { installEnglishMessages } from '../../support/fake-i18n';

const SITE = 'https://shop.example.com';
// fixed date: the previous scan, shown as its day, never compared with the clock
const PREVIOUS = Date.parse('2026-11-10T08:00:00Z');

const check = (name: string, result: ListedCheck['result'] = 'failed'): ListedCheck => ({
  id: name.toLowerCase().replaceAll(' ', '-'),
  name,
  tier: 'essential',
  result,
});

const changes = (
  lists: Partial<Record<'fixed' | 'new' | 'worse' | 'better', string[]>>,
  method: MethodChange | null = null,
): CheckDiff => ({
  kind: 'changes',
  previousScannedAt: PREVIOUS,
  fixed: (lists.fixed ?? []).map((name) => check(name)),
  new: (lists.new ?? []).map((name) => check(name)),
  worse: (lists.worse ?? []).map((name) => check(name)),
  better: (lists.better ?? []).map((name) => check(name, 'partial')),
  method,
});

const change = (checks: CheckDiff, values: Partial<WatchChange> = {}): WatchChange => ({
  site: SITE,
  oldScore: 74,
  newScore: 81,
  oldFailed: 2,
  newFailed: 3,
  checks,
  ...values,
});

/** browser.i18n answering from one shipped locale, as the fake-i18n setup does for English. */
function installMessages(locale: string): void {
  const messages = readLocaleMessages().get(locale) ?? {};
  fakeBrowser.i18n.getMessage = ((key: string, substitutions?: string | string[]) => {
    const entry = messages[key];
    if (entry === undefined) return '';
    const subs = typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []);
    return formatMessage(entry, subs);
  }) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => locale;
}

describe('the notification about a watched site', () => {
  beforeEach(installEnglishMessages);

  it('names the site in the title, and the score and the checks that changed', () => {
    const diff = changes({
      fixed: ['Markdown negotiation', 'Sitemap'],
      new: ['JSON-LD'],
      worse: ['OpenAPI description'],
    });
    expect(watchChangeMessage(change(diff))).toEqual({
      title: 'shop.example.com changed',
      message:
        'Score: 74 → 81 · Fixed: Markdown negotiation, Sitemap · New: JSON-LD · Worse: OpenAPI description',
    });
  });

  it('leaves the score out when only the checks changed, and names checks that got better', () => {
    const { message } = watchChangeMessage(
      change(changes({ better: ['Sitemap'] }), { newScore: 74 }),
    );
    expect(message).toBe('Better: Sitemap');
  });

  it('names a few checks per kind and counts the rest', () => {
    const names = ['A1', 'A2', 'A3', 'A4', 'A5'];
    const { message } = watchChangeMessage(change(changes({ fixed: names })));
    expect(NAMES_PER_KIND).toBe(2);
    expect(message).toBe('Score: 74 → 81 · Fixed: A1, A2, +3 more');
  });

  it('cuts a long name', () => {
    const long = 'Check with a name far longer than any notification line should carry';
    const { message } = watchChangeMessage(change(changes({ new: [long] })));
    expect(message).toBe(`Score: 74 → 81 · New: ${long.slice(0, NAME_MAX_LENGTH - 1)}…`);
  });

  it('says every kind at least as a count when the names do not all fit', () => {
    const long = (kind: string, index: number) =>
      `${kind} check number ${index} with a long name`.slice(0, NAME_MAX_LENGTH);
    const many = (kind: string) => Array.from({ length: 9 }, (_, index) => long(kind, index));
    const { message } = watchChangeMessage(
      change(
        changes({
          fixed: many('Fixed'),
          new: many('New'),
          worse: many('Worse'),
          better: many('Better'),
        }),
      ),
    );
    expect(message.length).toBeLessThanOrEqual(WATCH_MESSAGE_MAX_LENGTH);
    expect(message).toMatch(/^Score: 74 → 81 · Fixed: Fixed check number 0/);
    // The first kinds take the room for names; the later ones are still counted.
    expect(message).toMatch(/· 9 better$/);
    for (const kind of [/Fixed: |9 fixed/, /New: |9 new/, /Worse: |9 worse/]) {
      expect(message).toMatch(kind);
    }
  });

  it('says the service counts checks differently instead of a list that would mislead', () => {
    const diff: CheckDiff = { kind: 'methodology-moved', previousScannedAt: PREVIOUS };
    expect(watchChangeMessage(change(diff)).message).toBe(
      "Score: 74 → 81 · The service's method changed",
    );
  });

  it("says the service's method changed apart from the checks that changed on the site", () => {
    const method = { began: [check('Agent skills')], stopped: [] };
    expect(watchChangeMessage(change(changes({ fixed: ['Sitemap'] }, method))).message).toBe(
      "Score: 74 → 81 · The service's method changed · Fixed: Sitemap",
    );
    // Nothing changed on the site: the method is the whole change, not failed-check counts.
    expect(watchChangeMessage(change(changes({}, method))).message).toBe(
      "Score: 74 → 81 · The service's method changed",
    );
  });

  it.each<[string, CheckDiff]>([
    ['a first scan', { kind: 'first-scan' }],
    ['checks not known', { kind: 'unknown' }],
    ['no check changed between the scans the history holds', changes({})],
  ])('falls back to the score and failed-check counts for %s', (_, diff) => {
    expect(watchChangeMessage(change(diff)).message).toBe('Score: 74 → 81 · Failed checks: 2 → 3');
    expect(watchChangeMessage(change(diff, { oldScore: null })).message).toBe(
      'Score: no score → 81 · Failed checks: 2 → 3',
    );
    expect(watchChangeMessage(change(diff, { newScore: 74 })).message).toBe('Failed checks: 2 → 3');
  });

  it('speaks the UI language', () => {
    installMessages('de');
    const { title, message } = watchChangeMessage(
      change(changes({ fixed: ['Sitemap', 'A', 'B'], worse: ['JSON-LD'] })),
    );
    expect(title).toBe('shop.example.com hat sich geändert');
    expect(message).toBe(
      'Punktzahl: 74 → 81 · Behoben: Sitemap, A, +1 weitere · Schlechter: JSON-LD',
    );
  });
});

describe('the notification, for any change', () => {
  // Without the separator itself, so that the parts can be told apart below.
  const name = fc
    .oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 80 }))
    .filter((text) => !text.includes(' · '));
  const names = fc.array(name, { maxLength: 60 });
  const diff: fc.Arbitrary<CheckDiff> = fc.oneof(
    fc.record({ fixed: names, new: names, worse: names, better: names }).map(changes),
    fc.constant<CheckDiff>({ kind: 'methodology-moved', previousScannedAt: PREVIOUS }),
    fc.constant<CheckDiff>({ kind: 'first-scan' }),
    fc.constant<CheckDiff>({ kind: 'unknown' }),
  );
  const score = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });
  const anyChange: fc.Arbitrary<WatchChange> = fc.record({
    site: fc.constant(SITE),
    oldScore: score,
    newScore: score,
    oldFailed: fc.nat({ max: 60 }),
    newFailed: fc.nat({ max: 60 }),
    checks: diff,
  });

  it.each(['en', 'de'])('keeps the message within the bound and says every kind (%s)', (locale) => {
    installMessages(locale);
    const labels =
      locale === 'en' ? /^(Fixed|New|Worse|Better): / : /^(Behoben|Neu|Schlechter|Besser): /;
    fc.assert(
      fc.property(anyChange, (watched) => {
        const { message } = watchChangeMessage(watched);
        expect(message.length).toBeLessThanOrEqual(WATCH_MESSAGE_MAX_LENGTH);
        const { checks } = watched;
        if (checks.kind !== 'changes') return;
        const present = (['fixed', 'new', 'worse', 'better'] as const).filter(
          (kind) => checks[kind].length > 0,
        );
        if (present.length === 0) return;
        // One part per kind with a change, after the score's when it moved.
        const parts = message.split(' · ');
        const scoreParts = watched.oldScore === watched.newScore ? 0 : 1;
        expect(parts).toHaveLength(scoreParts + present.length);
        for (const part of parts.slice(scoreParts)) {
          expect(part).toMatch(new RegExp(`${labels.source}|^\\d+ \\S+$`));
        }
      }),
      { numRuns: 300 },
    );
  });
});
