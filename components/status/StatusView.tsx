import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { serviceLinkOrNull } from '../../lib/contract/safe-url';
import { formatClockTime } from '../../lib/locale/format-time';
import { t, uiLocale } from '../../lib/locale/i18n';
import { notLookedUpText } from '../../lib/tabs/not-looked-up-reasons';
import { STATE_COLORS } from '../../lib/tabs/score-band';
import { STATUS_TRAITS, wordsOf } from '../../lib/tabs/status-traits';
import { reasonOf, type StatusOnlyView } from '../../lib/tabs/tab-view';
import { ExternalLink } from '../shared/ExternalLink';
import { presentText, tWith } from '../shared/format';
import { RefreshButton } from '../shared/RefreshButton';
import { ServiceBaseUrlContext } from '../shared/service-base-url-context';

/** `origin`: the site being looked up; null while not even that is known. */
export function LoadingView({ origin }: { origin: string | null }) {
  return (
    <section class="state state-loading" role="status" aria-live="polite">
      <header class="state-head">
        <span class="spinner" aria-hidden="true" />
        <div class="state-heading">
          <h1 class="state-title">
            {origin === null ? t('popupLoadingUnknown') : t('popupLoadingSite', origin)}
          </h1>
        </div>
      </header>
      <p class="muted">{t('popupLoadingBody')}</p>
      {/* The shape of the report to come, so the popup does not jump when it arrives. */}
      <div class="skeleton" aria-hidden="true">
        <span class="skeleton-line" />
        <span class="skeleton-line" />
        <span class="skeleton-line short" />
      </div>
    </section>
  );
}

interface StatusFrameProps {
  status: string;
  /** The badge's mark, drawn large beside the title, on its colour (neutral unless given). */
  mark: string;
  markColor?: string;
  title: ComponentChildren;
  origin?: string | null;
  children?: ComponentChildren;
  /** Links and buttons before the Refresh button. */
  actions?: ComponentChildren;
  onRefresh?: (() => void) | undefined;
  /** Another site's view, under a heading of its own: its title is one level down. */
  nested?: boolean | undefined;
}

/** The frame of every view that is not a report: mark, title, site, a few lines, actions. */
export function StatusFrame(props: StatusFrameProps) {
  const { status, mark, markColor = STATE_COLORS.neutral, title, origin, children } = props;
  const { actions, onRefresh } = props;
  const Title = props.nested ? 'h3' : 'h1';
  return (
    <section class={`state state-${status}`}>
      <header class="state-head">
        <span class="state-mark" style={{ '--band': markColor }} aria-hidden="true">
          {mark}
        </span>
        <div class="state-heading">
          <Title class="state-title">{title}</Title>
          {origin ? <p class="state-target">{origin}</p> : null}
        </div>
      </header>
      <div class="state-body">{children}</div>
      {actions != null || onRefresh !== undefined ? (
        <div class="actions">
          {actions}
          {onRefresh ? <RefreshButton onRefresh={onRefresh} /> : null}
        </div>
      ) : null}
    </section>
  );
}

export interface StatusViewProps {
  view: StatusOnlyView;
  now: number;
  onRefresh?: (() => void) | undefined;
  /** An administrator's policy chose the service: the fix for "not permitted" names them. */
  serviceSetByPolicy?: boolean;
  onOpenOptions?: (() => void) | undefined;
  nested?: boolean;
}

/** Every field a state's view may carry; what it shows follows from those it has. */
type Fields = Partial<{
  message: string | null;
  resolution: string | null;
  scanUrl: string | null;
  documentationUrl: string | null;
  retryAt: number | null;
  problem: string;
  serviceHost: string;
}>;

/** Every state but loading and a report: its mark and words, then what its fields add. */
export function StatusView(props: StatusViewProps) {
  const { view, now, onRefresh, serviceSetByPolicy = false, onOpenOptions } = props;
  const serviceBaseUrl = useContext(ServiceBaseUrlContext);
  const state = STATUS_TRAITS[view.status];
  const fields = view as Fields;
  const reason = reasonOf(view);
  const why = reason === null ? null : notLookedUpText(reason);
  const known = wordsOf(view);
  const title = why?.title ?? (known ? t(known.title) : '');
  const body = why?.why ?? (known?.body ? t(known.body, fields.serviceHost ?? '') : null);
  // The toolbar shows no mark for a site not looked up; here a pause sign for a paused one, and
  // a circle struck through for the rest.
  const mark = reason === null ? state.mark : reason === 'paused' ? '❚❚' : '⊘';
  const hasActions = [fields.scanUrl, fields.documentationUrl, fields.serviceHost].some(
    (field) => field !== undefined,
  );
  const canScan = serviceLinkOrNull(fields.scanUrl, serviceBaseUrl) !== null;
  const texts = [presentText(fields.message), presentText(fields.resolution)].filter(Boolean);
  return (
    <StatusFrame
      status={view.status}
      mark={mark}
      markColor={STATE_COLORS[state.tone]}
      title={title}
      origin={'origin' in view ? view.origin : null}
      actions={
        hasActions ? (
          <>
            <ExternalLink class="button button-primary" href={fields.scanUrl}>
              {t('popupScanThisSite')}
            </ExternalLink>
            <ExternalLink class="button" href={fields.documentationUrl}>
              {t('popupApiDocumentation')}
            </ExternalLink>
            {fields.serviceHost !== undefined && onOpenOptions ? (
              <button type="button" class="button" onClick={onOpenOptions}>
                {t('popupOpenOptions')}
              </button>
            ) : null}
          </>
        ) : null
      }
      onRefresh={reason === null ? onRefresh : undefined}
      nested={props.nested}
    >
      {body ? <p>{body}</p> : null}
      {texts.map((text) => (
        <p class="server-message" key={text}>
          {text}
        </p>
      ))}
      {fields.problem ? (
        <p class="problem-line">
          <span class="problem-label">{t('popupInvalidProblem')}</span>{' '}
          <code class="problem">{fields.problem}</code>
        </p>
      ) : null}
      {fields.serviceHost !== undefined ? (
        <p>{t(serviceSetByPolicy ? 'popupNotPermittedFixPolicy' : 'popupNotPermittedFixUser')}</p>
      ) : null}
      {fields.retryAt !== undefined ? (
        <NextTry retryAt={fields.retryAt} now={now} canRefresh={onRefresh !== undefined} />
      ) : null}
      {fields.scanUrl !== undefined ? (
        <p class="muted">{t(canScan ? 'popupNeverScansCanAsk' : 'popupNeverScans')}</p>
      ) : null}
    </StatusFrame>
  );
}

/** "Next try after 14:05", or without a time in the future, how to try again; `canRefresh`:
 * whether a Refresh button is there to point at when no time is known. */
function NextTry(props: { retryAt: number | null; now: number; canRefresh: boolean }) {
  const { retryAt, now } = props;
  if (retryAt !== null && retryAt > now) {
    return (
      <p class="next-try">
        {tWith('popupNextTry', [
          <time key="next" dateTime={new Date(retryAt).toISOString()}>
            {formatClockTime(retryAt, now, { locale: uiLocale() })}
          </time>,
        ])}
      </p>
    );
  }
  return props.canRefresh ? <p class="muted">{t('popupRetryOnRefresh')}</p> : null;
}
