/**
 * The words for a check's mark and tier in the sites comparison, shared by the page and its
 * Markdown export so that both say the same.
 */
import type { IssueTier } from '../contract/report-schema';
import { t } from '../locale/i18n';
import type { CheckMark } from '../sites/site-comparison';

const MARK_KEY = {
  failed: 'sitesCompareMark_failed',
  partial: 'sitesCompareMark_partial',
  'not-listed': 'sitesCompareMark_notListed',
  'no-report': 'sitesCompareMark_noReport',
} as const satisfies Record<CheckMark, string>;

const TIER_KEY = {
  essential: 'popupTierEssential',
  recommended: 'popupTierRecommended',
  bonus: 'popupTierBonus',
} as const satisfies Record<IssueTier, string>;

export const markWords = (mark: CheckMark): string => t(MARK_KEY[mark]);

export const tierWords = (tier: IssueTier): string => t(TIER_KEY[tier]);
