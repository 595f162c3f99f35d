import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';

interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** «Перетащите файлы сюда или» … */
  dropLabel: string;
  /** … «выберите на устройстве»: the link that opens the picker. */
  pickLabel: string;
  hint?: string;
  /** The accessible name of the file input. */
  inputLabel: string;
  disabled?: boolean;
}

/**
 * A drop zone with a file picker, several files at once. Mantine's dropzone package is not part of
 * this build; this is the small part of it the cabinet needs.
 */
export function FileDropZone({
  onFiles,
  dropLabel,
  pickLabel,
  hint,
  inputLabel,
  disabled,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0) onFiles(files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={4} align="center" ta="center">
        <IconUpload size={24} aria-hidden />
        <Text size="sm">
          {dropLabel}{' '}
          <Anchor
            component="button"
            type="button"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            {pickLabel}
          </Anchor>
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" id={hintId}>
            {hint}
          </Text>
        ) : null}
      </Stack>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        aria-label={inputLabel}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onChange={(event) => {
          take(event.currentTarget.files);
          // The same file picked again after removing it must fire a change.
          event.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}
