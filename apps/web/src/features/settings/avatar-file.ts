import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@rumbo/contracts';

/** Checks a chosen avatar before upload: PNG, JPEG or WebP, at most 2 MB. */
export function checkAvatarFile(file: { type: string; size: number }): 'ok' | 'type' | 'size' {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return 'ok';
}
