/**
 * Adds a counter's official tag script, async, at the end of <head>. A blocked or failing script
 * (an ad blocker, no network) only logs: nothing waits for it and nothing throws.
 */
export function injectScript(src: string, doc: Document = document): HTMLScriptElement {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.onerror = () => console.info(`Счётчик не загрузился: ${new URL(src).host}`);
  doc.head.appendChild(script);
  return script;
}

/** The page address a counter is sent: our origin and the path already redacted by `hit()`. */
export function absolute(path: string, win: Window): string {
  return new URL(path, win.location.origin).toString();
}
