import { describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../../lib/settings/managed-policy';
import { applyPolicy, DEFAULT_SETTINGS } from '../../../lib/settings/settings';
import { sitePauseOf } from '../../../lib/settings/site-pause';

const SITE = 'https://jira.corp.example.com:8443';

function settings(pausedDomains: string[], neverLookUpDomains: string[] = []) {
  return applyPolicy({ ...DEFAULT_SETTINGS, pausedDomains }, { ...NO_POLICY, neverLookUpDomains });
}

describe('sitePauseOf', () => {
  it('offers to pause a site no entry covers', () => {
    expect(sitePauseOf(settings(['other.org']), SITE, null)).toEqual({ kind: 'not-paused' });
  });

  it('shows the choice for the site it was offered for only', () => {
    const choice = { host: 'jira.corp.example.com', domain: 'example.com' };
    expect(sitePauseOf(settings([]), SITE, choice)).toEqual({ kind: 'choosing', ...choice });
    expect(sitePauseOf(settings([]), 'https://other.org', choice)).toEqual({
      kind: 'not-paused',
    });
  });

  it("names the user's widest entry that covers the site", () => {
    expect(sitePauseOf(settings(['jira.corp.example.com']), SITE, null)).toEqual({
      kind: 'paused',
      entry: 'jira.corp.example.com',
      wholeDomain: false,
    });
    expect(
      sitePauseOf(settings(['jira.corp.example.com', 'corp.example.com']), SITE, null),
    ).toEqual({ kind: 'paused', entry: 'corp.example.com', wholeDomain: true });
  });

  it("is locked when the policy's entry covers the site, whatever the user paused", () => {
    expect(
      sitePauseOf(settings(['jira.corp.example.com'], ['corp.example.com']), SITE, null),
    ).toEqual({ kind: 'locked', entry: 'corp.example.com' });
  });
});
