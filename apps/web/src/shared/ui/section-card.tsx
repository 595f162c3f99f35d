import { Paper, Stack, Title, type MantineSpacing, type TitleOrder, type TitleSize } from '@mantine/core';
import { useId, type FormEvent, type ReactNode } from 'react';

/**
 * A card that is a section of the screen, named by its heading (`aria-labelledby`): the heading,
 * then `children` one under another. With `onSubmit` the card is a form (checked by the form
 * system, so the browser's own checks are off).
 */
export function SectionCard({
  title,
  order = 2,
  size = 'h4',
  gap = 'md',
  onSubmit,
  children,
}: {
  title: ReactNode;
  order?: TitleOrder;
  size?: TitleSize;
  gap?: MantineSpacing;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const body = (
    <Stack gap={gap}>
      <Title order={order} size={size} id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
