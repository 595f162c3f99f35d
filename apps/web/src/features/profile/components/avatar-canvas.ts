/** The part of the source image the customer chose, in the source's pixels (react-easy-crop's `Area`). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The side of the square sent: the largest stored size is 256 px, twice that keeps it sharp. */
export const CROP_OUTPUT_PX = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.addEventListener('load', () => resolve(image));
    image.addEventListener('error', () => reject(new Error('image')));
    image.src = src;
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

/**
 * Draws the chosen square of the image onto a canvas and encodes it as WebP (JPEG where the
 * browser cannot encode WebP). Kept apart from the dialog: jsdom has no canvas, so unit tests
 * replace this function and the browser test covers it.
 */
export async function cropToFile(src: string, area: CropArea): Promise<File> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  const side = Math.min(CROP_OUTPUT_PX, Math.round(area.width));
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const webp = await toBlob(canvas, 'image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await toBlob(canvas, 'image/jpeg');
  if (!blob) throw new Error('canvas');
  const ext = blob.type === 'image/webp' ? 'webp' : 'jpg';
  return new File([blob], `avatar.${ext}`, { type: blob.type });
}
