// The public face of the tenants module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export {
  ensureTenant,
  findRoleForTenant,
  listTenantIds,
  toRole,
  upsertBuiltinRole,
} from './tenants.repository.js';
