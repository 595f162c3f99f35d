import type { InputBaseProps } from '@mantine/core';
import { InputBase } from '@mantine/core';
import { IMaskInput } from 'react-imask';

/** The Russian mobile format the contract's PhoneSchema accepts. */
const PHONE_MASK = '+7 (000) 000-00-00';

type PhoneFieldProps = InputBaseProps & {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  ref?: React.Ref<HTMLInputElement>;
};

/** A masked phone input: the user types digits, the mask adds +7, brackets and dashes. */
export function PhoneField({ value, onChange, onBlur, ref, ...props }: PhoneFieldProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={PHONE_MASK}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      inputRef={ref}
      onAccept={(v: string) => onChange(v)}
      onBlur={onBlur}
    />
  );
}
