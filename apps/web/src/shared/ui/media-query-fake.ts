// Test-only: jsdom has no media queries. Imported by src/test-setup.ts and by tests of phone layouts.

/** A MediaQueryList whose `matches` the test decides; its listeners are never called. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}
