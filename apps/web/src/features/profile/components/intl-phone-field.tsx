import { TextInput, type TextInputProps } from '@mantine/core';
import { canonicalIntlPhone, displayIntlPhone, formatIntlPhoneAsTyped } from '@cabinet/contract';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The field's next text after an edit: formatted as typed (libphonenumber-js's AsYouType). A
 * Backspace over a space, bracket or dash (the digits unchanged, the text shorter) takes the digit
 * before it, or the formatting would put the character straight back.
 */
export function nextPhoneText(previous: string, typed: string): string {
  let text = typed;
  if (text.length < previous.length && digitsOf(text) === digitsOf(previous) && digitsOf(text)) {
    text = text.replace(/\d(?=\D*$)/, '');
  }
  return formatIntlPhoneAsTyped(text);
}

/** The text the field shows once left: a whole number in its country's shape, with its + (spec §3). */
export function settledPhoneText(text: string): string {
  const canonical = canonicalIntlPhone(text);
  return canonical ? displayIntlPhone(canonical) : text;
}

type IntlPhoneFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: React.Ref<HTMLInputElement>;
};

/**
 * A phone of any country (spec §3): «+375 29 123-45-67», «+49 30 123456», or a Russian number
 * as Russians write it (8 916…, +7 916…, 916…). Formatted as it is typed; on leaving the field a
 * whole number is shown in its country's international shape, with the + put in front.
 */
export function IntlPhoneField({ value, onChange, onBlur, ref, ...props }: IntlPhoneFieldProps) {
  return (
    <TextInput
      {...props}
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      onChange={(event) => onChange(nextPhoneText(value, event.currentTarget.value))}
      onBlur={() => {
        const settled = settledPhoneText(value);
        if (settled !== value) onChange(settled);
        onBlur?.();
      }}
    />
  );
}
