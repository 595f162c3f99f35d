import type { InputBaseProps } from '@mantine/core';
import { InputBase } from '@mantine/core';
import { phoneNationalDigits } from '@cabinet/contract';
import type { Masked } from 'imask';
import { IMaskInput } from 'react-imask';

/** The shape of a whole number (the contract's formatPhone); the mask draws +7 itself. */
const PHONE_MASK = '+7 (000) 000-00-00';

/**
 * What reaches the mask from a keystroke or a paste. Before the first digit of the number the
 * country or trunk prefix is dropped, so «8 916 …», «+7 916 …» and «7916…» all give +7 (916) …:
 * a first «8» typed into the empty field shows the +7 (as «7» and «+7» do), a pasted number keeps only
 * the digits after its prefix (the contract's phoneNationalDigits). Anywhere else, as typed.
 */
export function preparePhoneInput(chunk: string, masked: Pick<Masked, 'value' | 'unmaskedValue'>): string {
  if (masked.unmaskedValue !== '') return chunk;
  if (chunk.length === 1) {
    // Once +7 is shown, the next digit is the number's own (a Kazakh 7xx, a St Petersburg 812).
    if (masked.value !== '') return chunk;
    return chunk === '8' ? '7' : chunk;
  }
  return phoneNationalDigits(chunk);
}

type PhoneFieldProps = InputBaseProps & {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  ref?: React.Ref<HTMLInputElement>;
};

/**
 * A masked Russian phone input: the customer types or pastes the number as they write it
 * (8 916 …, +7 916 …, 916 …) and sees +7 (916) 123-45-67.
 */
export function PhoneField({ value, onChange, onBlur, ref, ...props }: PhoneFieldProps) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      mask={PHONE_MASK}
      prepare={preparePhoneInput}
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
