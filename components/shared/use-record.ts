import { useEffect, useState } from 'preact/hooks';
import { logError } from '../../lib/page/page-actions';
import { readRecord, type StoredRecord, watchRecord } from '../../lib/storage/record';

/** A stored record's value, kept current while a page shows it; null until first read. */
export function useRecord<T>(record: StoredRecord<T>): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    readRecord(record).then(setValue, logError);
    return watchRecord(record, setValue);
  }, [record]);
  return value;
}
