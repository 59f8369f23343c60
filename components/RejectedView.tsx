import { presentText } from './format';
import { StateView } from './StateView';

export interface RejectedViewProps {
  target: string;
  message: string | null;
  onRefresh?: (() => void) | undefined;
}

export function RejectedView({ target, message, onRefresh }: RejectedViewProps) {
  const serverMessage = presentText(message);
  return (
    <StateView
      kind="rejected"
      title="The service rejected the lookup"
      target={target}
      onRefresh={onRefresh}
    >
      {serverMessage ? <p class="server-message">{serverMessage}</p> : null}
      <p class="muted">The request this extension sent was refused; it will not be retried.</p>
    </StateView>
  );
}
