/** The script the build writes (scripts/build-service-worker.mjs), served from the root for the whole scope. */
export const SERVICE_WORKER_URL = '/sw.js';
