/** Leaves the app for the payment provider's page (its `confirmation_url`); it sends the browser back to /payment. */
export function openProviderPage(url: string): void {
  window.location.assign(url);
}
