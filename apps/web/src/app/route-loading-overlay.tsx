import classes from './route-loading-overlay.module.css';

/** Spec §2: a global loading overlay while the router loads (shown after a short delay, in CSS). */
export function RouteLoadingOverlay({ visible, label }: { visible: boolean; label: string }) {
  if (!visible) return null;
  return (
    <div className={classes.overlay}>
      <div className={classes.spinner} role="progressbar" aria-label={label} />
    </div>
  );
}
