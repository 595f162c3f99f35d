import { useLayoutEffect, type ReactNode } from 'react';
import type { createBrowserRouter } from 'react-router';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Lets the browser handle input and paint before the next step (a task boundary). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the router has run the first navigation's guards and loaded its screens. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Follows what the visitor does with the prerendered screen (scripts/prerender.mjs) until the app
 * takes it over: the fields they type into, and the one they are in.
 */
export function watchPrerenderedInput(root: HTMLElement) {
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[name]')].filter(
    (i) => i.type !== 'hidden',
  );
  let focused: HTMLInputElement | null =
    document.activeElement instanceof HTMLInputElement && inputs.includes(document.activeElement)
      ? document.activeElement
      : null;
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement && inputs.includes(event.target)) focused = event.target;
  };
  root.addEventListener('focusin', onFocus);
  return {
    /** Types what the visitor typed into the app's own fields and puts the caret back. */
    restore() {
      root.removeEventListener('focusin', onFocus);
      for (const old of inputs) {
        const input = field(root, old.name, old.type === 'radio' ? old.value : undefined);
        if (!input) continue;
        if (old.type === 'checkbox' || old.type === 'radio') {
          // A click, as the visitor's own, so form state and listeners see the change.
          if (old.checked && !input.checked) input.click();
        } else if (old.value !== '' && input.value === '') typeInto(input, old.value);
      }
      const input = focused && field(root, focused.name);
      if (!focused || !input) return;
      input.focus();
      try {
        // A masked field (the phone) reformats what was typed: a caret that was at the end of the
        // raw text goes to the end of the formatted one, or the next digits land mid-number.
        const end = input.value.length;
        if (input.value !== focused.value && focused.selectionStart === focused.value.length)
          input.setSelectionRange(end, end);
        else if (focused.selectionStart !== null && focused.selectionEnd !== null)
          input.setSelectionRange(focused.selectionStart, focused.selectionEnd);
      } catch {
        // Some input types (e-mail in some browsers) have no selection to put back.
      }
    },
  };
}

function field(root: HTMLElement, name: string, radioValue?: string) {
  const value = radioValue === undefined ? '' : `[value="${CSS.escape(radioValue)}"]`;
  return root.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]${value}`);
}

const nativeValueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** As a keystroke would: through the native setter and an input event, so form state sees it. */
function typeInto(input: HTMLInputElement, value: string) {
  nativeValueSetter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Wraps the app when it takes over a prerendered screen: once the app's markup has replaced the
 * prerendered one (a layout effect of the outermost component runs after every field is mounted),
 * `onTakenOver` runs before the browser paints.
 */
export function TakeOver({ children, onTakenOver }: { children: ReactNode; onTakenOver: () => void }) {
  useLayoutEffect(onTakenOver, [onTakenOver]);
  return children;
}
