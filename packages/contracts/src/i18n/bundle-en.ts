import base from './en.json' with { type: 'json' };
import admin from './admin.en.json' with { type: 'json' };
import drivers from './drivers.en.json' with { type: 'json' };
import alerts from './alerts.en.json' with { type: 'json' };
import fleet from './fleet.en.json' with { type: 'json' };
import fleetAlerts from './fleet-alerts.en.json' with { type: 'json' };
import map from './map.en.json' with { type: 'json' };
import travel from './travel.en.json' with { type: 'json' };
import analysis from './analysis.en.json' with { type: 'json' };
import fuel from './fuel.en.json' with { type: 'json' };
import maintenance from './maintenance.en.json' with { type: 'json' };
import diagnostics from './diagnostics.en.json' with { type: 'json' };
import trips from './trips.en.json' with { type: 'json' };
import search from './search.en.json' with { type: 'json' };

/** English strings: the base file plus one file per feature area (each owns its top-level keys). */
export default {
  ...base,
  ...map,
  ...fleet,
  ...travel,
  ...admin,
  ...alerts,
  ...drivers,
  ...fleetAlerts,
  ...analysis,
  ...fuel,
  ...maintenance,
  ...diagnostics,
  ...trips,
  ...search,
};
