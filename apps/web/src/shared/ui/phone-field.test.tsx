import { MantineProvider } from '@mantine/core';
import { canonicalPhone } from '@cabinet/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field';

/** The field as a form holds it: controlled, reporting each accepted value. */
function Harness({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <PhoneField
      label="Телефон"
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

function renderField() {
  const seen: string[] = [];
  render(
    <MantineProvider env="test">
      <Harness seen={seen} />
    </MantineProvider>,
  );
  return { input: screen.getByLabelText('Телефон'), seen };
}

const WHOLE = '+7 (916) 123-45-67';

describe('PhoneField', () => {
  it.each([
    ['89161234567', 'with the trunk prefix 8'],
    ['79161234567', 'with the country code 7'],
    ['+79161234567', 'with +7'],
    ['9161234567', 'without a prefix'],
  ])('typing %j (%s) gives the whole number', async (typed) => {
    const user = userEvent.setup();
    const { input, seen } = renderField();
    await user.type(input, typed);
    expect(input).toHaveValue(WHOLE);
    expect(seen.at(-1)).toBe(WHOLE);
    expect(canonicalPhone(seen.at(-1)!)).toBe(WHOLE);
  });

  it.each([
    '8 916 123-45-67',
    '8 (916) 123-45-67',
    '+7 916 123 45 67',
    '+7(916)1234567',
    '79161234567',
    '9161234567',
  ])('pasting %j gives the whole number', async (pasted) => {
    const user = userEvent.setup();
    const { input, seen } = renderField();
    await user.click(input);
    await user.paste(pasted);
    expect(input).toHaveValue(WHOLE);
    expect(seen.at(-1)).toBe(WHOLE);
  });

  it('pasting over a whole number replaces it', async () => {
    const user = userEvent.setup();
    const { input } = renderField();
    await user.type(input, '9991234567');
    await user.tripleClick(input);
    await user.paste('8 916 123 45 67');
    expect(input).toHaveValue(WHOLE);
  });

  it('shows +7 at the first 8 and keeps the digit after it, so 8 812 … is St Petersburg', async () => {
    const user = userEvent.setup();
    const { input } = renderField();
    await user.type(input, '8');
    expect(input).toHaveValue('+7');
    await user.type(input, '8121234567');
    expect(input).toHaveValue('+7 (812) 123-45-67');
  });

  it('empties when everything is deleted', async () => {
    const user = userEvent.setup();
    const { input } = renderField();
    await user.type(input, '89161');
    await user.clear(input);
    expect(input).toHaveValue('');
  });
});
