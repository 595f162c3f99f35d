/** Where Lighthouse finds Chromium: the e2e suite's `CHROMIUM_PATH` (the Playwright benchmarks launch it through that suite). */
export { CHROMIUM_PATH as chromiumPath } from '../e2e/support/browser';
