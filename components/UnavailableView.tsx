import { formatClockTime } from '../lib/format-time';
import type { UnavailableCause } from '../lib/tab-view';
import { StateView } from './StateView';

export interface UnavailableViewProps {
  target: string;
  cause: UnavailableCause;
  retryAt: number | null;
  now: number;
  onRefresh?: (() => void) | undefined;
}

const TEXT: Record<UnavailableCause, { title: string; body: string }> = {
  service: {
    title: 'Report service unavailable',
    body: 'The service could not read its stored reports just now.',
  },
  network: {
    title: 'Network problem',
    body: 'The report service could not be reached. Check your connection.',
  },
  timeout: {
    title: 'The lookup timed out',
    body: 'The report service did not answer in time.',
  },
};

export function UnavailableView({ target, cause, retryAt, now, onRefresh }: UnavailableViewProps) {
  const text = TEXT[cause];
  const next = retryAt !== null && retryAt > now ? formatClockTime(retryAt, now) : null;
  return (
    <StateView kind="unavailable" title={text.title} target={target} onRefresh={onRefresh}>
      <p>{text.body}</p>
      {next !== null && retryAt !== null ? (
        <p>
          Next try after <time dateTime={new Date(retryAt).toISOString()}>{next}</time>
        </p>
      ) : null}
    </StateView>
  );
}
