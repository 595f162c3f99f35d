import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** A sum in roubles as typed («1 500,50»; the form's schema reads it), on the phone's decimal keypad. */
export function AmountInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput required inputMode="decimal" autoComplete="off" maw={240} {...props} />;
}
