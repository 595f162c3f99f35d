import { lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';

/** One entry of an action menu: a link (`to`, with router `state`) or a button (`onClick`). */
export type ActionMenuItem = {
  label: string;
  icon?: ReactNode;
  to?: string;
  state?: unknown;
  onClick?: () => void;
};

export type ActionMenuProps = {
  /** The button that opens the menu; it gets the props it needs (one element, refs forwarded). */
  target: (props: Record<string, unknown>) => ReactElement;
  items: ActionMenuItem[];
  /** Shown above the items (who is signed in, say). */
  header?: ReactNode;
  width?: number;
};

// No screen needs Mantine's Menu and its popover to paint: an action menu draws its button alone,
// loads the menu's code when a pointer comes over the button or the keyboard focuses it (a screen's
// own requests stay few), and puts the menu in place (open) when the button is first pressed.
const loadMenu = () => import('./action-menu-dropdown');
const MenuCode = lazy(() => loadMenu().then((module) => ({ default: module.ActionMenuDropdown })));
const preload = () => void loadMenu().catch(() => undefined);

/** A button that opens a menu of actions; the menu's code arrives after the screen (see above). */
export function ActionMenu(props: ActionMenuProps) {
  const [pressed, setPressed] = useState(false);
  const standIn = props.target({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onTouchStart: preload,
    onFocus: preload,
    onClick: () => setPressed(true),
  });
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MenuCode {...props} />
    </Suspense>
  );
}
