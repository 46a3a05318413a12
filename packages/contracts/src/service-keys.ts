// Zod-free on purpose: the web app's first load imports this without the schemas.

/** Service keys of the specification, each served under `/api/<key>`. */
export const SERVICE_KEYS = [
  'auth',
  'authz',
  'rest',
  'xlsx',
  'lang',
  'vehicles',
  'analysis',
  'lp',
  'driver',
  'v2',
] as const;

/** Socket keys, served under `/api/<key>` too. */
export const SOCKET_KEYS = ['ws', 'wslp'] as const;

/** Every service and socket key mapped to its default address, `/api/<key>`. */
export function defaultServiceAddresses(): Record<string, string> {
  const services: Record<string, string> = {};
  for (const key of [...SERVICE_KEYS, ...SOCKET_KEYS]) services[key] = `/api/${key}`;
  return services;
}
