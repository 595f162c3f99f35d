import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { canonicalIntlPhone, displayIntlPhone, formatIntlPhoneAsTyped } from '@cabinet/contract';
import { useLayoutEffect, useRef } from 'react';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Where the caret goes in `text`: after its `digits`-th digit (and after a leading +). */
function caretAfterDigits(text: string, digits: number): number {
  if (digits === 0) return text.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i] as string)) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * The field's text and caret after an edit: formatted as typed (libphonenumber-js's AsYouType),
 * the caret after the same digits it followed, wherever in the number the edit was. A Backspace
 * over a space, bracket or dash (the digits unchanged, the text shorter) takes the digit before it,
 * or the formatting would put the character straight back.
 */
export function editPhone(
  previous: string,
  typed: string,
  caret: number = typed.length,
): { text: string; caret: number } {
  let text = typed;
  let at = Math.min(Math.max(caret, 0), typed.length);
  if (text.length < previous.length && digitsOf(text) === digitsOf(previous) && digitsOf(text)) {
    const before = text.slice(0, at);
    const last = before.search(/\d\D*$/);
    if (last >= 0) {
      text = before.slice(0, last) + before.slice(last + 1) + text.slice(at);
      at = last;
    }
  }
  const digitsBefore = digitsOf(text.slice(0, at)).length;
  const formatted = formatIntlPhoneAsTyped(text);
  return { text: formatted, caret: caretAfterDigits(formatted, digitsBefore) };
}

/** The field's next text after an edit with the caret at its end (see {@link editPhone}). */
export function nextPhoneText(previous: string, typed: string): string {
  return editPhone(previous, typed).text;
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
  const input = useRef<HTMLInputElement>(null);
  const merged = useMergedRef(input, ref);
  // Where the caret belongs after the text an edit gave was drawn: React puts it at the end of a
  // value that differs from what was typed, which threw an edit inside the number to its end.
  const caret = useRef<{ text: string; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = caret.current;
    const field = input.current;
    if (!pending || !field || field.value !== pending.text) return;
    caret.current = null;
    if (document.activeElement === field) field.setSelectionRange(pending.at, pending.at);
  });
  return (
    <TextInput
      {...props}
      ref={merged}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      onChange={(event) => {
        const field = event.currentTarget;
        const next = editPhone(value, field.value, field.selectionStart ?? field.value.length);
        // At the end the caret stays at the end by itself.
        caret.current = next.caret < next.text.length ? { text: next.text, at: next.caret } : null;
        onChange(next.text);
      }}
      onBlur={() => {
        const settled = settledPhoneText(value);
        if (settled !== value) onChange(settled);
        onBlur?.();
      }}
    />
  );
}
