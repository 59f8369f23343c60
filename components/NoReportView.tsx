import { httpUrlOrNull } from '../lib/safe-url';
import { ExternalLink } from './ExternalLink';
import { presentText } from './format';
import { StateView } from './StateView';

export interface NoReportViewProps {
  target: string;
  message: string | null;
  scanUrl: string | null;
  documentationUrl: string | null;
  onRefresh?: (() => void) | undefined;
}

export function NoReportView({
  target,
  message,
  scanUrl,
  documentationUrl,
  onRefresh,
}: NoReportViewProps) {
  const serverMessage = presentText(message);
  const canScan = httpUrlOrNull(scanUrl) !== null;
  return (
    <StateView
      kind="no-report"
      title="No readiness report yet"
      target={target}
      onRefresh={onRefresh}
      actions={
        <>
          <ExternalLink class="button button-primary" href={scanUrl}>
            Scan this site
          </ExternalLink>
          <ExternalLink class="button" href={documentationUrl}>
            API documentation
          </ExternalLink>
        </>
      }
    >
      <p>The report service has no completed report stored for this site.</p>
      {serverMessage ? <p class="server-message">{serverMessage}</p> : null}
      <p class="muted">
        This extension never starts a scan itself.
        {canScan ? ' You can ask for one on the service’s site.' : ''}
      </p>
    </StateView>
  );
}
