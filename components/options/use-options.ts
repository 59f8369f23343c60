import { useEffect, useState } from 'preact/hooks';
import { hostPermissionFor } from '../../lib/contract/service-base-url';
import { sendToWorker, tellWorker } from '../../lib/messaging/protocol';
import { logError } from '../../lib/page/page-actions';
import { askForHosts, watchPermissions } from '../../lib/page/permissions';
import { pausedDomainOfAddress } from '../../lib/privacy/paused-domains';
import { DEPRECATION_NOTICE_RECORD } from '../../lib/service/deprecation-notice';
import {
  type BaseUrlChoice,
  chooseServiceBaseUrl,
  resetServiceBaseUrl,
  type ServiceAccess,
  serviceAccessFor,
} from '../../lib/settings/service-base-url-choice';
import { useRecord } from '../shared/use-record';

const saveBaseUrl = (baseUrl: string | null) => sendToWorker('setServiceBaseUrl', { baseUrl });

/**
 * The service section's: the base URL chosen, whether the browser lets the extension reach
 * `baseUrl` (asked again whenever a permission changes; null until known), the service's notice.
 */
export function useServiceChoice(baseUrl: string) {
  const [choice, setChoice] = useState<BaseUrlChoice | null>(null);
  const [access, setAccess] = useState<ServiceAccess | null>(null);
  const deprecation = useRecord(DEPRECATION_NOTICE_RECORD);
  useEffect(() => {
    let current = true;
    const check = () => {
      serviceAccessFor(baseUrl).then((known) => {
        if (current) setAccess(known);
      }, logError);
    };
    check();
    const stop = watchPermissions(check);
    return () => {
      current = false;
      stop();
    };
  }, [baseUrl]);
  return {
    choice,
    access,
    deprecation,
    onSave: (raw: string) => chooseServiceBaseUrl(raw, saveBaseUrl).then(setChoice, logError),
    onReset: () => resetServiceBaseUrl(saveBaseUrl).then(setChoice, logError),
    // In the click itself, the only moment a browser asks the user; the permission events answer.
    onAllowAccess: () => askForHosts([hostPermissionFor(baseUrl)]),
  };
}

/** The paused sites section's: whether the last address given named no site. */
export function usePausedSites() {
  const [refused, setRefused] = useState(false);
  return {
    refused,
    onPause(address: string) {
      const domain = pausedDomainOfAddress(address);
      setRefused(domain === null);
      if (domain !== null) tellWorker('pauseSite', { domain });
    },
    onResume: (domain: string) => tellWorker('resumeDomain', { domain }),
  };
}

/** "Clear local data", and whether it was. */
export function useClearData() {
  const [cleared, setCleared] = useState(false);
  return {
    cleared,
    onClear() {
      setCleared(false);
      sendToWorker('clearLocalData', {}).then(() => setCleared(true), logError);
    },
  };
}
