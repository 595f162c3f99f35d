import { Button, type ButtonProps } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import { titlePageText as t } from '../messages';
import type { TitlePageOrder } from '../model';
import { TitlePageDialog } from './title-page-dialog';

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
        {...props}
        onClick={() => setOpened(true)}
      >
        {t.open}
      </Button>
      {opened ? <TitlePageDialog opened onClose={() => setOpened(false)} order={order} /> : null}
    </>
  );
}
