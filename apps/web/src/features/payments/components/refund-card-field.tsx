import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';

/** 16 digits in fours; 17–19-digit cards (some Maestro, Мир) go on after a space. */
const CARD_MASK = '0000 0000 0000 0000[ 000]';

type CardNumberFieldProps = InputBaseProps & {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  ref?: React.Ref<HTMLInputElement>;
};

/** A bank card number as it is printed, «2200 1234 5678 9012»; the form reads the digits out of it. */
export function CardNumberField({ value, onChange, onBlur, ref, ...props }: CardNumberFieldProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={CARD_MASK}
      inputMode="numeric"
      autoComplete="cc-number"
      placeholder="0000 0000 0000 0000"
      value={value}
      inputRef={ref}
      onAccept={(v: string) => onChange(v)}
      onBlur={onBlur}
    />
  );
}
