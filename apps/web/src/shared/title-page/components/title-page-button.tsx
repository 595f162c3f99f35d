import { Button, type ButtonProps } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { titlePageText as t } from '../messages';
import type { TitlePageOrder } from '../model';

// The generator's dialog (Mantine's Modal, selects and their popovers) loads when the button is
// pointed at, focused or pressed: no first screen opens it, and it weighed on every cabinet page.
const loadDialog = () => import('./title-page-dialog');
const TitlePageDialog = lazy(() => loadDialog().then((module) => ({ default: module.TitlePageDialog })));
const preload = () => void loadDialog().catch(() => undefined);

/**
 * «Титульный лист»: opens the generator, pre-filled from the profile and, when given, the order.
 * The order workspace's header and the profile page show it.
 */
export function TitlePageButton({ order, ...props }: { order?: TitlePageOrder } & ButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileDescription size={18} aria-hidden />}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        {...props}
        onClick={() => setOpened(true)}
      >
        {t.open}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <TitlePageDialog opened onClose={() => setOpened(false)} order={order} />
        </Suspense>
      ) : null}
    </>
  );
}
