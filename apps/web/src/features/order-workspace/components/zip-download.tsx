import { Button, Group, Text } from '@mantine/core';
import { IconFileZip, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { notify } from '../../../shared/notify';
import { fetchZip, saveBlob } from '../download';
import { workspaceText as t } from '../messages';
import { zipName } from '../model';

/** «Скачать всё архивом»: the zip streams in with the bytes received shown, and can be cancelled. */
export function ZipDownload({ orderId, disabled }: { orderId: string; disabled: boolean }) {
  const [received, setReceived] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const current = new AbortController();
    controller.current = current;
    setReceived(0);
    try {
      const blob = await fetchZip(orderId, { signal: current.signal, onProgress: setReceived });
      saveBlob(blob, zipName(orderId));
    } catch (error) {
      if (!current.signal.aborted) notify.error(error instanceof ApiError ? error.message : t.zipFailed);
    } finally {
      if (controller.current === current) controller.current = null;
      setReceived(null);
    }
  };

  const cancel = () => controller.current?.abort(t.zipCancel);

  return (
    <Group gap="sm" wrap="wrap">
      <Button
        leftSection={<IconFileZip size={18} aria-hidden />}
        variant="light"
        onClick={() => void start()}
        loading={received !== null}
        disabled={disabled}
      >
        {t.zip}
      </Button>
      {received !== null ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" aria-live="polite">
            {t.zipProgress(received)}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={cancel}
          >
            {t.zipCancel}
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}
