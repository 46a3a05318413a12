import type { Language, Vehicle } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SelectFilter } from '../../shared/table/table-parts';
import type { FuelParams } from './use-fuel-params';

/** What the filters read of a vehicle. */
type FleetVehicle = Pick<Vehicle, 'vehicleId' | 'plate' | 'groupId' | 'groupName'>;

/** The `group` filter's choice for vehicles without a group. */
export const NO_GROUP = 'none';

/** Whether a row of a vehicle in `groupId` passes the group choice ('' all, `none`, an id). */
export function inGroup(group: string, groupId: number | null): boolean {
  if (group === '') return true;
  if (group === NO_GROUP) return groupId === null;
  return String(groupId) === group;
}

/** The group choices of the fleet (by name) and "no group" last. */
export function groupOptions(
  vehicles: readonly FleetVehicle[],
  language: Language,
  noGroup: string,
) {
  const seen = new Map<string, string>();
  for (const v of vehicles) if (v.groupId !== null) seen.set(String(v.groupId), v.groupName ?? '');
  const list = [...seen]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return [...list, { value: NO_GROUP, label: noGroup }];
}

/** The vehicle choices: the chosen group's vehicles (every vehicle without a group choice). */
export function vehicleOptions(
  vehicles: readonly FleetVehicle[],
  group: string,
  language: Language,
) {
  return vehicles
    .filter((v) => inGroup(group, v.groupId))
    .map((v) => ({ value: String(v.vehicleId), label: v.plate }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** Group and vehicle selects of a fuel screen; choosing a group clears a vehicle outside it. */
export function FleetFilters({
  params,
  language,
}: {
  params: Pick<FuelParams, 'group' | 'vehicle' | 'update'>;
  language: Language;
}) {
  const props = { ...params, language };
  const { t } = useTranslation();
  const vehicles = useVehicles();
  const list = useMemo(() => vehicles.data ?? [], [vehicles.data]);
  const groups = useMemo(
    () => groupOptions(list, props.language, t('fleet.common.no_group')),
    [list, props.language, t],
  );
  const choices = useMemo(
    () => vehicleOptions(list, props.group, props.language),
    [list, props.group, props.language],
  );
  return (
    <>
      <SelectFilter
        id="fuel-group"
        label={t('fleet.common.group')}
        value={props.group}
        allLabel={t('fuel.filters.all_groups')}
        options={groups}
        onChange={(group) => {
          const kept = list.find((v) => String(v.vehicleId) === props.vehicle);
          props.update({
            group,
            vehicle: kept && inGroup(group, kept.groupId) ? props.vehicle : null,
          });
        }}
      />
      <SelectFilter
        id="fuel-vehicle"
        label={t('fuel.filters.vehicle')}
        value={props.vehicle}
        allLabel={t('fuel.filters.all_vehicles')}
        options={choices}
        onChange={(vehicle) => props.update({ vehicle })}
      />
    </>
  );
}

/** The group of a vehicle by id (rows that carry only the vehicle), from the fleet list. */
export function useGroupOf(): (vehicleId: number) => number | null {
  const vehicles = useVehicles();
  return useMemo(() => {
    const groups = new Map((vehicles.data ?? []).map((v) => [v.vehicleId, v.groupId]));
    return (vehicleId: number) => groups.get(vehicleId) ?? null;
  }, [vehicles.data]);
}

/** A fuel list's rows with their vehicle's group, kept when they pass the group choice. */
export function useRowsInGroup<R extends { vehicleId: number }>(
  rows: readonly R[] | undefined,
  group: string,
): (R & { groupId: number | null })[] {
  const groupOf = useGroupOf();
  return useMemo(
    () =>
      (rows ?? [])
        .map((r) => ({ ...r, groupId: groupOf(r.vehicleId) }))
        .filter((r) => inGroup(group, r.groupId)),
    [rows, groupOf, group],
  );
}
