import type { Kysely } from 'kysely';
import { additionalSave, planSave, type PlanSaveInput } from '@rumbo/contracts';
import type { Database } from '../db/schema.js';
import { listGroups, listVehicles } from '../modules/fleet/index.js';
import {
  insertAdditional,
  insertMissingAnchors,
  insertService,
  listPlans,
  writePlan,
} from '../modules/maintenance/index.js';
import { DEMO_TENANT } from '../modules/seed/index.js';
import { ensureTenant } from '../modules/tenants/index.js';

const DAY_MS = 86_400_000;
const WORKSHOPS = [
  'Taller Ruta 9',
  'Servicio Oficial Scania',
  'Frenos del Sur',
  'Neumáticos Pampa',
];

/** The demo plans: the mechanical service by counters, the paperwork by days (issue 15). */
export function demoPlans(): PlanSaveInput[] {
  return [
    {
      name: 'Service de tractor',
      items: [
        {
          kind: 'oil',
          name: 'Cambio de aceite',
          intervalKm: 40_000,
          intervalHours: 700,
          intervalDays: 365,
        },
        { kind: 'filters', name: 'Filtros de aire y combustible', intervalKm: 40_000 },
        { kind: 'brakes', name: 'Pastillas de freno', intervalKm: 80_000 },
        { kind: 'tyres', name: 'Rotación de neumáticos', intervalKm: 60_000, intervalDays: 365 },
      ],
    },
    {
      name: 'Documentación',
      items: [
        { kind: 'inspection', name: 'Revisión técnica (VTV)', intervalDays: 365 },
        { kind: 'tachograph', name: 'Calibración del tacógrafo', intervalDays: 730 },
      ],
    },
  ];
}

/**
 * Adds the demo maintenance the first time (a demo tenant with any plan keeps its own): both plans
 * on every group, a service history that leaves some inspections due soon and the first truck's
 * tachograph calibration overdue, and two additional jobs. The counters' items are anchored on
 * each truck's first reading (the maintenance job). Returns the tenant's id when it added them.
 */
export async function registerDemoMaintenance(
  db: Kysely<Database>,
  nowMs: number,
): Promise<number | null> {
  const tenant = await ensureTenant(db, DEMO_TENANT);
  if ((await listPlans(db, tenant.id)).length > 0) return null;
  const vehicles = (await listVehicles(db, tenant.id)).sort((a, b) => a.vehicleId - b.vehicleId);
  if (vehicles.length === 0) return null;
  const groupIds = (await listGroups(db, tenant.id)).map((g) => g.id);
  const ungrouped = vehicles.filter((v) => v.groupId === null).map((v) => v.vehicleId);
  const day = (daysAgo: number) => new Date(nowMs - daysAgo * DAY_MS).toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    const planIds: number[] = [];
    for (const plan of demoPlans()) {
      planIds.push(
        await writePlan(
          trx,
          tenant.id,
          null,
          planSave.parse({ ...plan, groupIds, vehicleIds: ungrouped }),
        ),
      );
    }
    await insertMissingAnchors(trx, tenant.id, day(0));
    const [, papers] = await listPlans(trx, tenant.id).then((plans) =>
      planIds.map((id) => plans.find((p) => p.id === id)!),
    );
    const inspection = papers!.items.find((i) => i.kind === 'inspection')!;
    const tachograph = papers!.items.find((i) => i.kind === 'tachograph')!;
    for (const [index, v] of vehicles.entries()) {
      // Inspections: every fourth truck due within two weeks, the others spread over the year.
      const inspectionLeft = index % 4 === 1 ? 4 + (index % 9) : 30 + ((index * 23) % 300);
      await insertService(trx, tenant.id, {
        vehicleId: v.vehicleId,
        date: day(365 - inspectionLeft),
        odometerKm: null,
        engineHours: null,
        cost: 38_000 + ((index * 1_700) % 9_000),
        workshop: 'Planta VTV Rosario',
        notes: 'Revisión técnica aprobada.',
        itemIds: [inspection.id],
        additionalIds: [],
      });
      // Tachograph: the first truck's calibration overdue by 12 days.
      await insertService(trx, tenant.id, {
        vehicleId: v.vehicleId,
        date: day(index === 0 ? 742 : 120 + ((index * 53) % 560)),
        odometerKm: null,
        engineHours: null,
        cost: 95_000,
        workshop: 'Tacógrafos del Litoral',
        notes: 'Calibración y precinto.',
        itemIds: [tachograph.id],
        additionalIds: [],
      });
      // An older oil change in the history (before the plan's anchor: it documents, not anchors).
      if (index % 3 === 0) {
        await insertService(trx, tenant.id, {
          vehicleId: v.vehicleId,
          date: day(400 + index),
          odometerKm: null,
          engineHours: null,
          cost: 420_000 + index * 3_000,
          workshop: WORKSHOPS[index % WORKSHOPS.length]!,
          notes: 'Aceite 15W-40, filtros de aceite y combustible.',
          itemIds: [],
          additionalIds: [],
        });
      }
    }
    const [first, second] = vehicles;
    if (first) {
      await insertAdditional(
        trx,
        tenant.id,
        additionalSave.parse({
          vehicleId: first.vehicleId,
          kind: 'other',
          name: 'Cambiar espejo retrovisor derecho',
          dueDate: day(-9),
          notes: 'Espejo fisurado en la última carga.',
        }),
      );
    }
    if (second) {
      await insertAdditional(
        trx,
        tenant.id,
        additionalSave.parse({
          vehicleId: second.vehicleId,
          kind: 'brakes',
          name: 'Revisar pulmón de freno del semirremolque',
          dueDate: day(-40),
        }),
      );
    }
  });
  return tenant.id;
}
