// Creates the e2e test users in a fresh DATA_DIR before the server starts, with the server's own
// seeding functions (run with tsx), in one database session: `rumbo user add` per user would
// start the embedded database a dozen times.
import { loadConfig } from '../../../server/src/config.ts';
import { migrate } from '../../../server/src/db/migrate.ts';
import { ensureUser, seed } from '../../../server/src/modules/seed/seed.service.ts';
import { openConfiguredDatabase } from '../../../server/src/server.ts';

const users = JSON.parse(process.argv[2] ?? '[]');
const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  await migrate(database.db);
  await seed(database.db, { demo: true, adminPassword: config.ADMIN_PASSWORD });
  for (const user of users) await ensureUser(database.db, user);
  console.log(`seeded ${users.length} users`);
} finally {
  await database.close();
}
