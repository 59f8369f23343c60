import type { ComponentChildren } from 'preact';
import { useLazyComponent } from '../shared/use-lazy-component';
import type { CheckNowProps } from './CheckNow';

/**
 * "Check now", fetched as its own chunk after the first frame (the popup's first render does
 * not carry it); `fallback` shows until it arrives. The probes load later still, on the click.
 */
export function CheckNowSlot(props: CheckNowProps & { fallback?: ComponentChildren }) {
  const CheckNow = useLazyComponent(() => import('./CheckNow').then((module) => module.CheckNow));
  // Keyed by site: a page that moves to another site starts from nothing of the previous one.
  return CheckNow === null ? (
    (props.fallback ?? null)
  ) : (
    <CheckNow key={props.target.origin} {...props} />
  );
}
