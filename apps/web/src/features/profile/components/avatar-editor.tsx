import { AVATAR_MAX_MB, avatarUrl, isHeic, looksLikeHeicFile, type Avatar } from '@cabinet/contract';
import {
  Alert,
  Avatar as MantineAvatar,
  Button,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { ApiError } from '../../../shared/api/errors';
import { useProfile } from '../api';
import { avatarQueryOptions, deleteAvatar, uploadAvatar, useAvatar } from '../avatar-api';
import { cropToFile } from './avatar-canvas';
import { AvatarCropDialog } from './avatar-crop-dialog';
import { avatarMessages as m } from './avatar-messages';

const MB = 1024 * 1024;

type Busy = { kind: 'upload'; percent: number } | { kind: 'remove' } | null;

function failure(err: unknown, fallback: string): string | null {
  if (err instanceof ApiError) return err.kind === 'cancelled' ? null : err.message || fallback;
  return fallback;
}

/**
 * The avatar block of /profile: the current photo (or the initials), «Загрузить фото» with a
 * square crop in the browser, an upload with progress that can be cancelled, and «Удалить фото».
 * The header reads the same query, so it shows the new photo at once.
 */
export function AvatarEditor() {
  const queryClient = useQueryClient();
  const { data: avatar } = useAvatar();
  const { data: profile } = useProfile();
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resetFileInput = useRef<() => void>(null);
  // Whether the chosen file is an HEIC: a browser that cannot draw it (all but Safari) says why.
  const heic = useRef(false);

  // The chosen image lives as an object URL while the dialog needs it.
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);
  useEffect(() => () => abort.current?.abort(), []);

  const url = avatarUrl(avatar, 128);
  const name = profile?.fio || profile?.email || undefined;

  const settle = async (next: Avatar, message: string) => {
    queryClient.setQueryData(avatarQueryOptions().queryKey, next);
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: avatarQueryOptions().queryKey });
  };

  const choose = (file: File | null) => {
    resetFileInput.current?.();
    setError(null);
    setNotice(null);
    if (!file) return;
    if (file.size > AVATAR_MAX_MB * MB) return setError(m.tooLarge);
    if (file.type && !file.type.startsWith('image/')) return setError(m.notImage);
    heic.current = looksLikeHeicFile(file.name, file.type);
    // Its bytes have the last word (an HEIC renamed to .jpg); read before the browser gives up drawing it.
    void file
      .slice(0, 64)
      .arrayBuffer()
      .then((head) => (heic.current ||= isHeic(new Uint8Array(head))))
      .catch(() => undefined);
    setSource(URL.createObjectURL(file));
  };

  const upload = async (area: Area) => {
    const src = source;
    if (!src) return;
    setBusy({ kind: 'upload', percent: 0 });
    let file: File;
    try {
      file = await cropToFile(src, area);
    } catch {
      setBusy(null);
      setSource(null);
      return setError(m.cropFailed);
    }
    setSource(null);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const next = await uploadAvatar(file, {
        signal: controller.signal,
        onProgress: (fraction) => setBusy({ kind: 'upload', percent: Math.round(fraction * 100) }),
      });
      await settle(next, m.saved);
    } catch (err) {
      setError(failure(err, m.uploadFailed));
    } finally {
      abort.current = null;
      setBusy(null);
    }
  };

  const remove = async () => {
    setError(null);
    setNotice(null);
    setBusy({ kind: 'remove' });
    try {
      await settle(await deleteAvatar(), m.removed);
    } catch (err) {
      setError(failure(err, m.removeFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {m.sectionTitle}
      </Title>
      <Group align="center" gap="lg" wrap="nowrap">
        {url ? (
          <MantineAvatar src={url} alt={m.currentAlt} radius="xl" size={96} />
        ) : (
          <MantineAvatar name={name} variant="filled" radius="xl" size={96} aria-hidden />
        )}
        <Stack gap="xs">
          <Group gap="sm">
            <FileButton onChange={choose} accept="image/*" resetRef={resetFileInput}>
              {(props) => (
                <Button {...props} disabled={busy !== null}>
                  {url ? m.replace : m.upload}
                </Button>
              )}
            </FileButton>
            {url && (
              <Button
                variant="default"
                color="red"
                onClick={() => void remove()}
                loading={busy?.kind === 'remove'}
                disabled={busy?.kind === 'upload'}
              >
                {m.remove}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {m.hint}
          </Text>
        </Stack>
      </Group>
      {busy?.kind === 'upload' && (
        <Group gap="sm" wrap="nowrap">
          <Progress value={busy.percent} style={{ flex: 1 }} aria-label={m.uploading(busy.percent)} />
          <Button size="xs" variant="subtle" onClick={() => abort.current?.abort()}>
            {m.cancelUpload}
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
      {notice && !error && (
        <Text size="sm" role="status">
          {notice}
        </Text>
      )}
      <AvatarCropDialog
        src={source}
        onCancel={() => setSource(null)}
        onUnreadable={() => {
          setSource(null);
          setError(heic.current ? m.heic : m.unreadable);
        }}
        onConfirm={(area) => void upload(area)}
      />
    </Stack>
  );
}
