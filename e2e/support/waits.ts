/**
 * How long an e2e wait gives an outcome before the test fails: sized for a loaded 2-core machine
 * (two Chromiums, the server and a build at once), where a step that takes 100 ms alone can take
 * several seconds. A wait only lasts this long when something is wrong; a passing one returns as
 * soon as the outcome is there. The e2e config makes it `expect.poll`'s default.
 */
export const OUTCOME_TIMEOUT_MS = 15_000;
/** How often `expect.poll` looks again. */
export const POLL_INTERVAL_MS = 100;
