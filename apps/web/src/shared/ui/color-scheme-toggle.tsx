import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { commonMessages } from '../messages';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? commonMessages.themeToDark : commonMessages.themeToLight;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
      // theme-init.js handles it on a prerendered screen before the app takes over.
      data-color-scheme-toggle
    >
      {/* Both icons, the scheme's CSS shows one: right from the first (prerendered) paint. */}
      <Box component="span" lh={0} darkHidden>
        <IconMoon size={18} aria-hidden />
      </Box>
      <Box component="span" lh={0} lightHidden>
        <IconSun size={18} aria-hidden />
      </Box>
    </ActionIcon>
  );
}
