import { PopupView } from '../../components/popup/PopupView';
import type { EffectiveSettings } from '../../lib/settings/settings';
import type { ShownView } from '../../lib/tabs/tab-view';
import { usePopupControls } from '../../lib/ui/use-popup-controls';

/** The popup with its controls, from the settings read before the first render when known. */
export function WithControls(props: {
  view: ShownView | null;
  now: number;
  onRefresh: () => void;
  site: string | null;
  settings: EffectiveSettings | undefined;
}) {
  const controls = usePopupControls(props.view, props.site, props.settings);
  return (
    <PopupView view={props.view} now={props.now} onRefresh={props.onRefresh} controls={controls} />
  );
}
