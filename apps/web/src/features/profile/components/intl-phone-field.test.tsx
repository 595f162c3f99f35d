import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IntlPhoneField, editPhone, nextPhoneText } from './intl-phone-field';

describe('editPhone', () => {
  it('formats as typed, the caret at the end when the edit was there', () => {
    expect(editPhone('', '+375291234567')).toEqual({ text: '+375 29 123 45 67', caret: 17 });
    expect(nextPhoneText('', '89161234567')).toBe('8 (916) 123-45-67');
  });

  it('keeps the caret after the digit typed inside the number', () => {
    // «+375 29 123 45 67» with a 9 typed after «+375 2»: the caret follows that 9.
    const typed = '+375 29 123 45 67'.slice(0, 6) + '9' + '+375 29 123 45 67'.slice(6);
    const next = editPhone('+375 29 123 45 67', typed, 7);
    expect(next.text.replace(/\D/g, '')).toBe('3752991234567');
    expect(next.text.slice(0, next.caret).replace(/\D/g, '')).toBe('37529');
  });

  it('takes the digit before a separator deleted inside the number, not the last one', () => {
    // Backspace right after «+375 29» deletes the space after 29: the 9 goes, the caret stays there.
    const previous = '+375 29 123 45 67';
    const typed = previous.slice(0, 7) + previous.slice(8);
    const next = editPhone(previous, typed, 7);
    expect(next.text.replace(/\D/g, '')).toBe('37521234567');
    expect(next.text.slice(0, next.caret).replace(/\D/g, '')).toBe('3752');
  });

  it('keeps the caret after the same digits when a digit is deleted inside the number', () => {
    const previous = '8 (916) 123-45-67';
    // Delete the «2» of 123 (caret after «8 (916) 1»).
    const typed = previous.slice(0, 9) + previous.slice(10);
    const next = editPhone(previous, typed, 9);
    expect(next.text.replace(/\D/g, '')).toBe('8916134567');
    expect(next.text.slice(0, next.caret).replace(/\D/g, '')).toBe('89161');
  });
});

function Harness() {
  const [value, setValue] = useState('');
  return <IntlPhoneField label="Телефон" value={value} onChange={setValue} />;
}

describe('IntlPhoneField', () => {
  it('keeps the caret where a digit was typed inside the number', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <Harness />
      </MantineProvider>,
    );
    const field = screen.getByLabelText<HTMLInputElement>('Телефон');
    await user.type(field, '+375291234567');
    expect(field.value).toBe('+375 29 123 45 67');
    // Into «+375 29 1|23 45 67»: a 9 lands there and the caret stays after it.
    field.setSelectionRange(9, 9);
    await user.keyboard('9');
    expect(field.value.replace(/\D/g, '')).toBe('3752919234567');
    expect(field.value.slice(0, field.selectionStart ?? 0).replace(/\D/g, '')).toBe('375291' + '9');
    await user.keyboard('8');
    expect(field.value.replace(/\D/g, '')).toBe('37529198234567');
    expect(field.value.slice(0, field.selectionStart ?? 0).replace(/\D/g, '')).toBe('37529198');
  });
});
