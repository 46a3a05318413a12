import base from './es.json' with { type: 'json' };
import admin from './admin.es.json' with { type: 'json' };
import drivers from './drivers.es.json' with { type: 'json' };
import alerts from './alerts.es.json' with { type: 'json' };
import fleet from './fleet.es.json' with { type: 'json' };
import fleetAlerts from './fleet-alerts.es.json' with { type: 'json' };
import map from './map.es.json' with { type: 'json' };
import travel from './travel.es.json' with { type: 'json' };
import analysis from './analysis.es.json' with { type: 'json' };
import fuel from './fuel.es.json' with { type: 'json' };
import maintenance from './maintenance.es.json' with { type: 'json' };
import diagnostics from './diagnostics.es.json' with { type: 'json' };
import trips from './trips.es.json' with { type: 'json' };
import search from './search.es.json' with { type: 'json' };

/** Spanish strings: the base file plus one file per feature area (each owns its top-level keys). */
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
