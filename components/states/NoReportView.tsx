import { useContext } from 'preact/hooks';
import { BADGE_MARKS } from '../../lib/badge/badge';
import { STATE_COLORS } from '../../lib/badge/score-band';
import { serviceLinkOrNull } from '../../lib/contract/safe-url';
import { t } from '../../lib/locale/i18n';
import { ExternalLink } from '../popup/ExternalLink';
import { presentText } from '../popup/format';
import { ServiceBaseUrlContext } from '../popup/service-base-url-context';
import { StateView } from './StateView';

export interface NoReportViewProps {
  target: string;
  message: string | null;
  /** What the service says to do, in its own words (problem details' `resolution`). */
  resolution?: string | null | undefined;
  scanUrl: string | null;
  documentationUrl: string | null;
  onRefresh?: (() => void) | undefined;
}

export function NoReportView({
  target,
  message,
  resolution,
  scanUrl,
  documentationUrl,
  onRefresh,
}: NoReportViewProps) {
  const serverMessage = presentText(message);
  const serverResolution = presentText(resolution);
  const canScan = serviceLinkOrNull(scanUrl, useContext(ServiceBaseUrlContext)) !== null;
  return (
    <StateView
      kind="no-report"
      mark={BADGE_MARKS.noReport}
      markColor={STATE_COLORS.neutral}
      title={t('popupNoReportTitle')}
      target={target}
      onRefresh={onRefresh}
      actions={
        <>
          <ExternalLink class="button button-primary" href={scanUrl}>
            {t('popupScanThisSite')}
          </ExternalLink>
          <ExternalLink class="button" href={documentationUrl}>
            {t('popupApiDocumentation')}
          </ExternalLink>
        </>
      }
    >
      <p>{t('popupNoReportBody')}</p>
      {serverMessage ? <p class="server-message">{serverMessage}</p> : null}
      {serverResolution ? <p class="server-message">{serverResolution}</p> : null}
      <p class="muted">{t(canScan ? 'popupNeverScansCanAsk' : 'popupNeverScans')}</p>
    </StateView>
  );
}
