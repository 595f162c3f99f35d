import { Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { avatarMessages as m } from './avatar-messages';

export interface AvatarCropDialogProps {
  /** The chosen image (an object URL); the dialog is open while it is set. */
  src: string | null;
  onCancel: () => void;
  /** The square the customer settled on, in the source image's pixels. */
  onConfirm: (area: Area) => void;
  /** The browser cannot draw the file (not an image, or a format it does not know). */
  onUnreadable: () => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/**
 * A square crop of the chosen image: drag or arrow keys move it, the slider (or the wheel,
 * or a pinch) zooms; «Сохранить» hands the area on.
 */
export function AvatarCropDialog({ src, onCancel, onConfirm, onUnreadable }: AvatarCropDialogProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const zoomLabelId = useId();

  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
  };
  const close = () => {
    reset();
    onCancel();
  };
  const confirm = () => {
    if (!area) return;
    reset();
    onConfirm(area);
  };

  return (
    <Modal opened={src !== null} onClose={close} title={m.cropTitle} size="md" centered>
      <Stack gap="md">
        <div
          style={{
            position: 'relative',
            width: '100%',
            height: 320,
            background: 'var(--mantine-color-dark-7)',
          }}
        >
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="rect"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              cropperProps={{ 'aria-label': m.cropArea }}
              mediaProps={{
                alt: '',
                onError: () => {
                  reset();
                  onUnreadable();
                },
              }}
            />
          )}
        </div>
        <div>
          <Text id={zoomLabelId} size="sm" fw={500} mb={4}>
            {m.zoom}
          </Text>
          <Slider
            value={zoom}
            onChange={setZoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            label={(value) => `${Math.round(value * 100)}%`}
            thumbProps={{ 'aria-labelledby': zoomLabelId }}
          />
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {m.cancel}
          </Button>
          <Button disabled={!area} onClick={confirm}>
            {m.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
