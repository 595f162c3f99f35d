import { Button, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { notify } from '../../../shared/notify';
import { friendsMessages as m } from '../friends-messages';

/**
 * Copies through the Clipboard API; where it is missing or refused (an insecure origin, an old
 * browser), selects the text and asks the browser to copy the selection. False when neither worked.
 */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused: fall back to the selection.
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

/** A read-only value with a copy button that says it copied. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value, input.current)) {
      setCopied(true);
      notify.success(m.copied);
      setTimeout(() => setCopied(false), 2000);
    } else {
      input.current?.select();
      notify.error(m.copyFailed);
    }
  };
  return (
    <Group gap="xs" align="flex-end">
      <TextInput
        ref={input}
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 200 }}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Button
        variant="light"
        onClick={() => void copy()}
        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      >
        {copied ? m.copied : copyLabel}
      </Button>
    </Group>
  );
}
