// Both counters' tag code in one chunk, fetched after the first paint only when one is configured.
export { ga4Sink } from './ga4';
export { metrikaSink } from './metrika';
