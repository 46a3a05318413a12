import {
  avatarReply,
  profileSchema,
  type AvatarReply,
  type Profile,
  type SaveProfileBody,
} from '@rumbo/contracts';
import type { ApiClient } from '../../shared/api/http-client';

export const profileQueryKey = ['settings', 'profile'] as const;

export async function fetchProfile(api: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await api.get('rest/user/get_profile', signal ? { signal } : {}));
}

export async function saveProfile(api: ApiClient, body: SaveProfileBody): Promise<Profile> {
  return profileSchema.parse(await api.post('rest/user/save_profile', body));
}

export async function uploadAvatar(api: ApiClient, file: File): Promise<AvatarReply> {
  const form = new FormData();
  form.append('files', file, file.name);
  return avatarReply.parse(await api.post('rest/user/upload_avatar', form));
}
