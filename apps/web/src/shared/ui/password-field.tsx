import type { PasswordInputProps } from '@mantine/core';
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { commonMessages } from '../messages';

/**
 * Mantine's PasswordInput with the show/hide toggle reachable by keyboard and labelled in Russian
 * (its default label is English and the toggle is skipped by Tab), and the input marked invalid
 * when it has an error, which Mantine leaves out for this component.
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      aria-invalid={props.error ? true : undefined}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible ? commonMessages.passwordHide : commonMessages.passwordShow,
        'aria-pressed': visible,
      }}
    />
  );
}
