import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { payMessages as m } from '../messages';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Sums in roubles offered as one-tap choices. */
  quick?: readonly number[];
  ref?: (element: HTMLElement | null) => void;
}

/** A sum in whole roubles, with optional one-tap choices that fill it in. */
export function AmountField({ label, value, onChange, onBlur, error, quick = [], ref }: Props) {
  const quickId = useId();
  return (
    <Stack gap="xs">
      <TextInput
        ref={ref}
        label={label}
        name="amount"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        inputMode="numeric"
        autoComplete="off"
        rightSection={<Text c="dimmed">₽</Text>}
        withAsterisk
        maw={240}
      />
      {quick.length > 0 && (
        <Group gap="xs" role="group" aria-labelledby={quickId}>
          <Text size="sm" id={quickId}>
            {m.tipQuick}:
          </Text>
          {quick.map((roubles) => (
            <Button
              key={roubles}
              size="xs"
              variant={value === String(roubles) ? 'filled' : 'light'}
              aria-pressed={value === String(roubles)}
              onClick={() => onChange(String(roubles))}
            >
              {m.tipQuickChoice(roubles)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
