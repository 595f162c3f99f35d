import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** An e-mail input: the right keyboard on phones and the browser's autofill. */
export function EmailField({ ref, ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput ref={ref} type="email" autoComplete="email" {...props} />;
}
