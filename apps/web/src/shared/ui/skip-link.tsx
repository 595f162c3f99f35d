import type { MouseEvent } from 'react';
import { commonMessages } from '../messages';
import classes from './skip-link.module.css';

/** The id of each layout's main landmark, where the skip link takes the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * «Перейти к содержимому»: the first stop of the Tab order in every layout, shown when focused, so
 * a keyboard user skips the header and the navigation. The landmark needs `tabIndex={-1}` to take
 * the focus. Before the app takes a prerendered screen over, the browser follows the fragment
 * itself; after, the click focuses the landmark without adding `#main-content` to the address.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className={classes.link} href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {commonMessages.skipToContent}
    </a>
  );
}
