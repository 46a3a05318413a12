import { LANGUAGE_THEMES, type Look } from './looks';

/** Users the e2e run creates; each test that changes server state has its own. */
export const TENANT = 'Transportes Demo';
/**
 * The administration tests' own company: they create vehicles and devices (and unknown devices
 * register themselves there), which must not change the demo fleet the other specs count.
 */
export const ADMIN_TENANT = 'E2E Administración';
/** The drivers and alerts tests' companies (their drivers, vehicles and events stay there). */
export const DRIVERS_TENANT = 'E2E Choferes';
export const ALERTS_TENANT = 'E2E Alertas';
/** The geofence tests' companies: one for create/edit/import, one per screenshot combination. */
export const ZONES_TENANT = 'E2E Zonas';
/** The notifications test's company: no other test's alert reaches its users. */
export const BELL_TENANT = 'E2E Avisos';
/** The zone-alert test's company. */
export const ZONE_BELL_TENANT = 'E2E Avisos Zonas';
/** The grouped bell's test (issue 22): its truck's speeding alerts stay there. */
export const GROUPED_BELL_TENANT = 'E2E Avisos Agrupados';
/** The fault-diagnostics test's company: its trucks' faults stay there. */
export const DIAGNOSTICS_TENANT = 'E2E Diagnóstico';
/** The planned-trips tests' companies, one per screenshot combination. */
export const TRIPS_TENANT = 'E2E Viajes';
/** The API keys test's company: its keys stay there. */
export const KEYS_TENANT = 'E2E Claves';
/**
 * The integrations screenshots' companies (issue 27), one per combination: each lists only its own
 * scheduled report, API key and webhook.
 */
export const INTEGRATIONS_TENANT = 'E2E Integraciones';
/** The fuel test's company: its truck's suspected theft and tanks stay out of the demo fleet. */
export const FUEL_TENANT = 'E2E Combustible';
/** The driving-times test's company (issue 26): its trucks' tachograph records stay there. */
export const TACHO_TENANT = 'E2E Tacógrafo';

export interface TestUser {
  username: string;
  password: string;
  email: string;
  role: 'operator' | 'viewer' | 'admin';
  nombre: string;
  apellido: string;
  /** The company; TENANT when absent. */
  tenant?: string;
}

const user = (
  username: string,
  password: string,
  role: TestUser['role'] = 'operator',
  nombre = 'Prueba',
  apellido = username,
): TestUser => ({ username, password, email: `${username}@rumbo.test`, role, nombre, apellido });

export const DEMO = { username: 'demouser', password: 'demo1234' };
export const USERS = {
  viewer: user('viewer01', 'viewer1234', 'viewer', 'Vera', 'Vidal'),
  logoutAll: user('logoutall', 'logout1234'),
  recovery: user('recover01', 'recover1234'),
  prefs: user('prefs01', 'prefs1234'),
  settings: user('settings01', 'settings1234', 'operator', 'Sofía', 'Suárez'),
  english: user('english01', 'english1234', 'operator', 'Emma', 'Evans'),
  otp: user('otp00001', 'otp1234567'),
  layout: user('layout01', 'layout1234'),
  admin: { ...user('admin001', 'admin1234', 'admin', 'Ada', 'Admin'), tenant: ADMIN_TENANT },
  adminShots: { ...user('admin002', 'admin1234', 'admin', 'Alba', 'Admin'), tenant: ADMIN_TENANT },
  // Its own administrator: the settings test saves language and theme while the admin screenshots
  // run with theirs.
  alertSettings: {
    ...user('admin003', 'admin1234', 'admin', 'Abril', 'Avisos'),
    tenant: ADMIN_TENANT,
  },
  fleet: user('fleet001', 'fleet1234'),
  travelDates: user('travel01', 'travel1234'),
  logout: user('logout01', 'logout1234'),
  drivers: { ...user('drivers1', 'drivers1234', 'admin', 'Dora', 'Díaz'), tenant: DRIVERS_TENANT },
  alerts: { ...user('alerts01', 'alerts1234', 'admin', 'Alma', 'Arce'), tenant: ALERTS_TENANT },
  zones: { ...user('zones001', 'zones1234', 'admin', 'Zoe', 'Zárate'), tenant: ZONES_TENANT },
  bell: { ...user('bell0001', 'bell12345', 'admin', 'Bruno', 'Bell'), tenant: BELL_TENANT },
  zoneBell: {
    ...user('bell0002', 'bell12345', 'admin', 'Zoe', 'Zona'),
    tenant: ZONE_BELL_TENANT,
  },
  groupedBell: {
    ...user('bell0003', 'bell12345', 'admin', 'Gala', 'Grupo'),
    tenant: GROUPED_BELL_TENANT,
  },
  diagnostics: {
    ...user('diag0001', 'diag12345', 'admin', 'Diego', 'Díaz'),
    tenant: DIAGNOSTICS_TENANT,
  },
  apiKeys: { ...user('keys0001', 'keys12345', 'admin', 'Clara', 'Claves'), tenant: KEYS_TENANT },
  // The screenshots' own administrator: they change language and theme while the other test runs.
  apiKeysShots: {
    ...user('keys0002', 'keys12345', 'admin', 'Carmen', 'Claves'),
    tenant: KEYS_TENANT,
  },
  fuel: { ...user('fuel0001', 'fuel12345', 'admin', 'Fermín', 'Fuentes'), tenant: FUEL_TENANT },
  drivingTimes: {
    ...user('tacho001', 'tacho12345', 'admin', 'Tomás', 'Torres'),
    tenant: TACHO_TENANT,
  },
} satisfies Record<string, TestUser>;

/** A screenshot test's user for one look (its own, so the saved preferences never race). */
export interface LookUser extends Look {
  user: TestUser;
}

/** One user per language × theme, in LANGUAGE_THEMES' order: `make(n)` makes the nth, 1 to 4. */
const perLook = (make: (n: number) => TestUser): readonly LookUser[] =>
  LANGUAGE_THEMES.map((look, i) => ({ ...look, user: make(i + 1) }));

/** The screenshot tests' users per look (zones, trips and integrations: a company per look too). */
export const LOOK_USERS = {
  /** The shared screenshot users (shots.ts COMBINATIONS). */
  shots: perLook((n) => user(`shots0${n}`, 'shots1234', 'operator', 'Ana', 'Pérez')),
  fleet: perLook((n) => user(`fleet00${n + 1}`, 'fleet1234')),
  zones: perLook((n) => ({
    ...user(`zones00${n + 1}`, 'zones1234', 'admin'),
    tenant: `${ZONES_TENANT} ${n}`,
  })),
  trips: perLook((n) => ({
    ...user(`trips00${n}`, 'trips1234', 'admin'),
    tenant: `${TRIPS_TENANT} ${n}`,
  })),
  integrations: perLook((n) => ({
    ...user(`integ00${n}`, 'integ12345', 'admin', 'Inés', 'Iglesias'),
    tenant: `${INTEGRATIONS_TENANT} ${n}`,
  })),
} satisfies Record<string, readonly LookUser[]>;

/** Every user the run seeds. */
export const ALL_USERS: readonly TestUser[] = [
  ...Object.values(USERS),
  ...Object.values(LOOK_USERS).flatMap((looks) => looks.map((look) => look.user)),
];
