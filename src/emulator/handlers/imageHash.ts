/** The hash the platform stores for uploaded image data (guild images, member avatars, role icons). */
import { createHash } from 'node:crypto';

/** The platform-style hash of image data (`a_` marks an animated GIF), or null for no image. */
export function imageHash(data: string | null | undefined): string | null {
  if (data === null || data === undefined) return null;
  const hash = createHash('md5').update(data).digest('hex');
  return data.startsWith('data:image/gif') ? `a_${hash}` : hash;
}
