import { type Evidence, requestKey } from '../../lib/checks/evidence';
import { type JudgedResult, noteText, verdictText } from '../../lib/checks/verdicts';
import { t } from '../../lib/locale/i18n';
import { evidenceLine } from '../../lib/markdown/check-run';
import { CopyFixListButton } from '../report/CopyFixListButton';

/** One check's live verdict, what decided it, and the requests it rests on, as text. */
export function LiveResult(props: {
  judged: JudgedResult;
  requests: readonly Evidence[];
  onCopy: () => Promise<boolean>;
}) {
  const { result, verdict } = props.judged;
  const { live } = result;
  const evidence = props.requests.filter((request) => live.paths.includes(requestKey(request)));
  return (
    <div class={`live live-${verdict}`}>
      <p>
        <span class="live-label">{t('checkLive')}</span>{' '}
        <strong class="live-verdict">{verdictText(verdict, live)}</strong>
        {live.inferred ? <span class="muted"> ({t('checkInferred')})</span> : null}
      </p>
      {verdict === 'unknown' ? null : <p class="live-note">{noteText(live.note)}</p>}
      {evidence.length > 0 ? (
        <details class="evidence">
          <summary>{t('checkEvidence')}</summary>
          <ul>
            {evidence.map((request) => (
              <li key={`${request.method} ${request.path} ${request.accept}`}>
                <code>{evidenceLine(request)}</code>
                {request.cut ? <span class="muted"> ({t('checkCut')})</span> : null}
                {request.text ? <pre>{request.text}</pre> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <CopyFixListButton label={t('checkCopy')} onCopy={props.onCopy} />
    </div>
  );
}
