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
  // Issue 22's web leftovers (one block, kept last for the merge): alert episode details and the
  // score settings screen.
  alertEpisode: {
    with: 'With: {{facts}}',
    also: 'Also recorded',
    limit: "Vehicle's limit",
    over_from: 'over it from {{time}}',
  },
  scoreSettings: {
    tab: 'Scores',
    title: 'Score letters',
    intro:
      'How indicator values become scores from 0 to 100, and scores become letters A to G, in this company.',
    safety_floors: 'Safe driving: lowest score of each letter',
    indicator_floors: 'Indicators and eco-driving: lowest score of each letter',
    below_last: 'Below F the letter is G.',
    scales:
      'Indicator scales: the value that scores 0 and the value that scores 100 (linear between)',
    letter: 'Letter {{letter}}',
    zero_at: 'Scores 0 at',
    hundred_at: 'Scores 100 at',
    consumption_unit: '% of the reference',
    defaults_in_use: 'These are the default settings.',
    restore_defaults: 'Restore defaults',
    discard: 'Discard changes',
    save: 'Save',
    saved: 'Score settings saved',
    load_failed: 'The score settings could not be loaded.',
    invalid: 'Fix the marked values before saving.',
    error: {
      number_0_100: 'A number from 0 to 100',
      number_0_1000: 'A number from 0 to 1000',
      floor_order: 'Must be lower than the letter before',
      scale_equal: 'Must differ from the value that scores 0',
    },
  },
};
