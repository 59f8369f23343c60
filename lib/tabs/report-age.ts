/** How a report's scan time reads against this computer's clock: old, or ahead of it. */
import { parseTime } from '../locale/format-time';
import type { OldReportDays } from '../settings/settings';

/**
 * Clocks drift and the service's is not ours: a scan up to this far ahead reads as just now.
 * Further ahead, no relative age is said at all ("in 3 days" would be nonsense): only its time.
 */
export const AHEAD_TOLERANCE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export type ReportAge = 'recent' | 'old' | 'ahead' | 'unknown';

/** `scannedAt` as the report gives it, or as a time already parsed (the sites page's rows). */
export function reportAge(
  scannedAt: string | number | null,
  now: number,
  oldAfter: OldReportDays,
): ReportAge {
  const scanned = typeof scannedAt === 'string' ? parseTime(scannedAt) : scannedAt;
  if (scanned === null) return 'unknown';
  if (scanned - now > AHEAD_TOLERANCE_MS) return 'ahead';
  return oldAfter !== 'never' && now - scanned > Number(oldAfter) * DAY_MS ? 'old' : 'recent';
}
