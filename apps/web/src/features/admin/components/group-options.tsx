import MenuItem from '@mui/material/MenuItem';
import { recordItems } from '../../../shared/ui/option-items';

/** A select's options of vehicle groups, after `noneLabel` (value ''). */
export function groupOptions(groups: readonly { id: number; name: string }[], noneLabel: string) {
  return [
    <MenuItem key="" value="">
      <em>{noneLabel}</em>
    </MenuItem>,
    ...recordItems(
      groups,
      (group) => String(group.id),
      (group) => group.name,
    ),
  ];
}
