import { StateView } from './StateView';

export interface InvalidResponseViewProps {
  target: string;
  problem: string;
  onRefresh?: (() => void) | undefined;
}

export function InvalidResponseView({ target, problem, onRefresh }: InvalidResponseViewProps) {
  return (
    <StateView
      kind="invalid-response"
      title="The service sent a report this extension could not read"
      target={target}
      onRefresh={onRefresh}
    >
      <p>To avoid showing wrong numbers, none of it is shown.</p>
      {problem ? <p class="problem">{problem}</p> : null}
    </StateView>
  );
}
