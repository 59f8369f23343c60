/**
 * The base URL of the service the shown data came from: every link taken from that data is
 * judged against it (lib/contract/safe-url.ts). Pages that know the one in effect (the user's
 * or a policy's) provide it; the build's own stands in where none is provided.
 */
import { createContext } from 'preact';
import { configuredServiceBaseUrl } from '../../lib/contract/service-base-url';

export const ServiceBaseUrlContext = createContext<string>(configuredServiceBaseUrl());
