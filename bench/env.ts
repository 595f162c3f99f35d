/** Where benchmarks find Chromium. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
