import { LOOKUP_LOG_RECORD } from '../../lib/history/lookup-log';
import { readRecord } from '../../lib/storage/record';

/** The lookup log as stored, newest first, as the options page lists it. */
export const readLookupLog = async () =>
  (await readRecord(LOOKUP_LOG_RECORD)).entries.slice().reverse();
