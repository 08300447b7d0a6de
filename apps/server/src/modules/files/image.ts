import sharp from 'sharp';
import type { FileMimeType } from '@sbuilding/shared';

/** The largest picture decoded (pixels): a 10 MiB upload cannot unpack into gigabytes. */
const MAX_PIXELS = 40_000_000;

/**
 * A picture decoded and encoded again in its own format, so only pixels are stored: whatever rode along in
 * the file (EXIF with the camera's GPS position, comments, an HTML or script tail after the image data,
 * chunks a browser might sniff) is gone. The EXIF orientation is applied to the pixels first, since the
 * tag that said it goes with the rest. Null when the bytes do not decode as a picture.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  mime: Extract<FileMimeType, 'image/png' | 'image/jpeg'>,
): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    const out =
      mime === 'image/png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 90, mozjpeg: true });
    return await out.toBuffer();
  } catch {
    return null;
  }
}
