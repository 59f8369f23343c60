import { describe, expect, it } from 'vitest';
import { handedState, popupPageFor, type TabState } from '../../../lib/tabs/tab-state';

const STATE: TabState = {
  origin: 'https://example.com',
  view: { status: 'not-looked-up', reason: 'paused' },
  updatedAt: 5,
  freshUntil: 10,
  service: 'https://is-agentic.com',
};

/** What the popup page reads from the address the worker set. */
const searchOf = (page: string) => page.slice(page.indexOf('?'));

describe("a tab's toolbar popup page", () => {
  it('carries the tab and its state, read back as they were', () => {
    const page = popupPageFor(7, STATE);
    expect(page.startsWith('popup.html?tabId=7&')).toBe(true);
    expect(handedState(searchOf(page))).toEqual(STATE);
  });

  it('is the default page without a state', () => {
    expect(popupPageFor(7, null)).toBe('popup.html');
    expect(handedState('?tabId=7')).toBeNull();
  });

  it.each([
    ['text that is no JSON', '?state=%7B'],
    ['JSON that is no state', `?state=${encodeURIComponent(JSON.stringify({ view: 1 }))}`],
    [
      'a view of no known status',
      `?state=${encodeURIComponent(JSON.stringify({ ...STATE, view: { status: 'odd' } }))}`,
    ],
  ])('hands nothing on %s', (_case, search) => {
    expect(handedState(search)).toBeNull();
  });
});
