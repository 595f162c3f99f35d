import { Group, Skeleton, Stack } from '@mantine/core';

/**
 * The screen's place in the prerendered cabinet shell (scripts/prerender.mjs) until the app takes
 * over: a title, a row of tabs and three cards in grey. Busy, and with nothing a screen reader
 * would read as content.
 */
export function ScreenSkeleton() {
  return (
    <Stack gap="md" maw={960} aria-busy="true" data-screen-skeleton>
      <Skeleton height={32} width="40%" radius="sm" aria-hidden />
      <Group gap="sm" wrap="nowrap" aria-hidden>
        <Skeleton height={28} width={96} radius="xl" />
        <Skeleton height={28} width={96} radius="xl" />
        <Skeleton height={28} width={96} radius="xl" />
      </Group>
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} height={112} radius="md" aria-hidden />
      ))}
    </Stack>
  );
}
