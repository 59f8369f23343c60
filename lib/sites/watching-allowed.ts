/**
 * Whether the watch list's scheduled lookups may run at all. A file of its own because the
 * pages' watch toggle asks only this: importing it from the round (watch-check.ts) would
 * load the round's dependencies, the check diff among them, with every page that shows it.
 */
import { automaticLookupsAllowed, type EffectiveSettings } from '../settings/settings';

/** Whether scheduled lookups may run at all under these settings. */
export function watchingAllowed(settings: EffectiveSettings): boolean {
  return !settings.locked.watchList && automaticLookupsAllowed(settings);
}
