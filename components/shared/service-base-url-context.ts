import { createContext } from 'preact';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';

/** The service the shown data came from, which judges its links (lib/contract/safe-url.ts). */

export const ServiceBaseUrlContext = createContext<string>(configuredServiceBaseUrl());
