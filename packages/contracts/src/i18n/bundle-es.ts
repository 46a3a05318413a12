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
  // Issue 22's web leftovers (one block, kept last for the merge): alert episode details and the
  // score settings screen.
  alertEpisode: {
    with: 'Con: {{facts}}',
    also: 'También registrado',
    limit: 'Límite del vehículo',
    over_from: 'superado desde las {{time}}',
  },
  scoreSettings: {
    tab: 'Puntuaciones',
    title: 'Letras de las puntuaciones',
    intro:
      'Cómo los valores de los indicadores se convierten en puntuaciones de 0 a 100, y las puntuaciones en letras de la A a la G, en esta empresa.',
    safety_floors: 'Conducción segura: puntuación mínima de cada letra',
    indicator_floors: 'Indicadores y conducción eficiente: puntuación mínima de cada letra',
    below_last: 'Por debajo de F la letra es G.',
    scales:
      'Escalas de los indicadores: el valor que puntúa 0 y el que puntúa 100 (lineal entre ambos)',
    letter: 'Letra {{letter}}',
    zero_at: 'Puntúa 0 con',
    hundred_at: 'Puntúa 100 con',
    consumption_unit: '% de la referencia',
    defaults_in_use: 'Estos son los valores por defecto.',
    restore_defaults: 'Restablecer valores por defecto',
    discard: 'Descartar cambios',
    save: 'Guardar',
    saved: 'Configuración de puntuaciones guardada',
    load_failed: 'No se pudo cargar la configuración de puntuaciones.',
    invalid: 'Corrige los valores marcados antes de guardar.',
    error: {
      number_0_100: 'Un número de 0 a 100',
      number_0_1000: 'Un número de 0 a 1000',
      floor_order: 'Debe ser menor que la letra anterior',
      scale_equal: 'Debe ser distinto del valor que puntúa 0',
    },
  },
};
