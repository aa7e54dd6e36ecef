import { AVATAR_MAX_PX } from '@common/constants';
import type { AvatarMimeType } from '@common/schemas/profile';

// Camera captures are decoded and written again by the server (docs/decisions/0047-camera-captures.md):
// what is stored is pixels the server made, at most AVATAR_MAX_PX square, with no metadata (EXIF,
// GPS, XMP, ICC comments) and nothing a crafted file carried beside its image.

// A 1.5 MB file can still declare a huge canvas; refuse to decode more pixels than this.
const MAX_INPUT_PIXELS = 6000 * 6000;

export class NotAnImageError extends Error {}

/** The image re-encoded in its own format, oriented upright, at most AVATAR_MAX_PX per side. */
export async function reencodeImage(bytes: Buffer, mime: AvatarMimeType): Promise<Buffer> {
  // Loaded with the first upload: the server starts faster without it (docs/decisions/0064-compiled-serializers-and-hooks.md).
  const { default: sharp } = await import('sharp');
  try {
    const pipeline = sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
    })
      // Turns the picture as its EXIF says before the EXIF is dropped.
      .rotate()
      .resize(AVATAR_MAX_PX, AVATAR_MAX_PX, { fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (keepMetadata/withMetadata), so none is kept.
    if (mime === 'image/png') return await pipeline.png({ compressionLevel: 9 }).toBuffer();
    if (mime === 'image/webp') return await pipeline.webp({ quality: 82 }).toBuffer();
    return await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch (err) {
    throw new NotAnImageError(err instanceof Error ? err.message : String(err));
  }
}
