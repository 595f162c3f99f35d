/**
 * The API client redirects (forced logout, 429) without knowing about React: the router registers
 * how to navigate and where the user is (or is going); until it does, the browser's own is used.
 */
export type AppLocation = { pathname: string; search: string };

export type Navigator = {
  navigate(to: string): void;
  location(): AppLocation;
};

const browserNavigator: Navigator = {
  navigate: (to) => window.location.assign(to),
  location: () => ({ pathname: window.location.pathname, search: window.location.search }),
};

let current: Navigator = browserNavigator;

export function setNavigator(next: Navigator): void {
  current = next;
}

export function navigateTo(to: string): void {
  current.navigate(to);
}

export function currentLocation(): AppLocation {
  return current.location();
}
