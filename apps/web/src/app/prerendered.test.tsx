import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from '../shared/ui/phone-field';
import { watchPrerenderedInput } from './prerendered';

function AppPhone() {
  const [value, setValue] = useState('');
  return <PhoneField name="phone" label="Телефон" value={value} onChange={setValue} />;
}

describe('watchPrerenderedInput', () => {
  it('carries a phone typed into the prerendered form into the masked field, caret at its end', () => {
    // The prerendered markup: a plain input, where the visitor has typed «8916» so far.
    const root = document.createElement('div');
    root.innerHTML = '<input name="phone" type="tel">';
    document.body.append(root);
    const old = root.querySelector('input')!;
    old.focus();
    old.value = '8916';
    old.setSelectionRange(4, 4);
    const watch = watchPrerenderedInput(root);

    // The app replaces the markup with its own field, then restores what was typed.
    root.innerHTML = '';
    render(
      <MantineProvider env="test">
        <AppPhone />
      </MantineProvider>,
      { container: root },
    );
    watch.restore();

    const input = root.querySelector('input')!;
    expect(input.value).toBe('+7 (916');
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(input.value.length);
    root.remove();
  });
});
