import { DEFAULT_USER_CONFIG, type Configuracion } from '@rumbo/contracts';
import type { FakeHandler, FakeReply } from './fake-server';

export const USER: Configuracion = {
  idUsuario: 7,
  usuario: { nombre: 'demouser', email: 'demo@rumbo.test' },
  personaFisica: { idPersonaFisica: 3, nombre: 'Ana', apellido: 'Pérez' },
  telefono: '',
  domicilio: '',
  hasAvatar: false,
  configuracion: DEFAULT_USER_CONFIG,
  config: DEFAULT_USER_CONFIG,
  darkMode: false,
  rol: 'operator',
  tenant: { id: 1, name: 'Transportes Demo' },
};

export const VIEWS = { dashboard: true, 'fleet-vehicles': true, 'fleet-alerts': false };

/** Server routes of a healthy session for `demouser` (id 7, role operator). */
export function signedInRoutes(
  overrides: { user?: Partial<Configuracion> } = {},
): Record<string, FakeHandler | FakeReply> {
  return {
    'POST /api/auth/generate_token': { body: { token: 'tok', rol: 'operator', iss: 7 } },
    'POST /api/v2/user/generate_token': { body: { token: 'utok' } },
    'POST /api/auth/validate': { body: { rol: 'operator', iss: 7 } },
    'POST /api/v2/user/validate_token': { body: { rol: ['operator'], user_id: 7 } },
    'POST /api/v2/views-authz/web3': { body: { start_on: 'dashboard', views: VIEWS } },
    'POST /api/rest/auth/user': { body: { ...USER, ...overrides.user } },
    'GET /api/rest/user/get_avatar': { body: { avatar: null } },
  };
}
