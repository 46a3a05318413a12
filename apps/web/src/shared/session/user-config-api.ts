import type { SaveConfigBody } from '@rumbo/contracts';
import type { ApiClient } from '../api/http-client';

/** `POST /rest/user/save_config`. */
export async function saveUserConfig(api: ApiClient, body: SaveConfigBody): Promise<void> {
  await api.post('rest/user/save_config', body);
}
