import { Button } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import classes from './plain-dialog.module.css';

type Props = {
  opened: boolean;
  /** Escape or the action button when it is the dismiss action. */
  onClose: () => void;
  title: string;
  text: string;
  action: string;
  onAction: () => void;
};

/**
 * A message with one action in a native modal `<dialog>`: the browser traps focus, closes on
 * Escape and returns focus on close. Used for the `msg` notice and the chunk-failure notice, so
 * neither pulls Mantine's Modal (and its scroll lock and floating-ui) into the first visit.
 */
export function PlainDialog({ opened, onClose, title, text, action, onAction }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !opened) return;
    // Browsers without showModal (and jsdom) still show it, as a non-modal dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    };
  }, [opened]);

  if (!opened) return null;
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React owns `opened`; the browser must not close the dialog behind its back.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      <p className={classes.text}>{text}</p>
      <div className={classes.actions}>
        <Button onClick={onAction}>{action}</Button>
      </div>
    </dialog>
  );
}
