import type { Kysely } from 'kysely';
import { driverCreate } from '@rumbo/contracts';
import { driverCodeFor } from '@rumbo/simulator';
import type { Database } from '../../db/schema.js';
import { insertDriversIfAbsent, listDrivers } from '../drivers/index.js';
import { ensureTenant } from '../tenants/index.js';

/** The simulator seed of the demo fleet (apps/server/src/demo/demo-fleet.ts). */
const DEMO_FLEET_SEED = 'rumbo-demo';
/** Trucks of the default demo fleet (`DEMO_VEHICLES`). */
const DEMO_TRUCKS = 50;
/**
 * Two trucks carry two-driver crews (demo/demo-duty.ts, issue 26): the fleet's drivers are one per
 * truck plus the crews' second drivers, each with a tachograph card.
 */
const DEMO_CREW_TRUCKS = 2;
/**
 * Every 25th truck's card is left unregistered (two new hires of fifty drivers), so the demo shows
 * unknown drivers too — a few, as a fleet that registers its drivers has (issue 22).
 */
const UNREGISTERED_EVERY = 25;

const NOMBRES = [
  'Juan',
  'María',
  'Carlos',
  'Lucía',
  'Jorge',
  'Ana',
  'Diego',
  'Sofía',
  'Martín',
  'Valeria',
  'Pablo',
  'Gabriela',
  'Ricardo',
  'Paula',
  'Héctor',
  'Laura',
  'Sergio',
  'Natalia',
  'Raúl',
  'Carolina',
];
const APELLIDOS = [
  'Pérez',
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Gómez',
  'Díaz',
  'Sosa',
  'Romero',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Benítez',
  'Acosta',
  'Medina',
  'Herrera',
  'Castro',
  'Suárez',
  'Giménez',
  'Ledesma',
  'Molina',
  'Ortiz',
];

/** The demo tenant's drivers: one per simulated driver's card, bar every 25th. */
export function demoDrivers(nowMs: number) {
  const drivers = [];
  for (let index = 0; index < DEMO_TRUCKS + DEMO_CREW_TRUCKS; index++) {
    if (index % UNREGISTERED_EVERY === UNREGISTERED_EVERY - 1) continue;
    const nombre = NOMBRES[index % NOMBRES.length]!;
    const apellido = APELLIDOS[(index * 7) % APELLIDOS.length]!;
    // Licences expire over the next two years; a few already expired or about to.
    const expiry = new Date(nowMs + ((index * 37) % 760) * 86_400_000 - 30 * 86_400_000);
    drivers.push(
      driverCreate.parse({
        nombre,
        apellido,
        documento: String(20_000_000 + ((index * 7_654_321) % 25_000_000)),
        codigo: driverCodeFor(DEMO_FLEET_SEED, index),
        telefono: `+54 9 11 ${String(4000 + index * 37).padStart(4, '0')}-${String(1000 + ((index * 53) % 9000)).padStart(4, '0')}`,
        licencia: `LNC-${String(100_000 + index * 911)}`,
        licenciaVence: expiry.toISOString().slice(0, 10),
      }),
    );
  }
  return drivers;
}

/**
 * Adds the demo drivers to the demo tenant the first time (a tenant that has drivers keeps its
 * own: drivers deleted in the demo stay deleted after a restart).
 */
export async function seedDemoDrivers(
  db: Kysely<Database>,
  tenantName: string,
  nowMs = Date.now(),
): Promise<number> {
  const tenant = await ensureTenant(db, tenantName);
  if ((await listDrivers(db, tenant.id)).length > 0) return 0;
  return insertDriversIfAbsent(db, tenant.id, demoDrivers(nowMs));
}
