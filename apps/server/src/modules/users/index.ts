// The public face of the users module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export {
  findUserById,
  findUserByUsername,
  findUsersByEmail,
  insertUser,
  updatePasswordHash,
} from './users.repository.js';
export type { User } from './users.repository.js';
export { userRoutes } from './users.routes.js';
export { userTimeZone } from './users.service.js';
