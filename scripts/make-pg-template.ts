// Makes the server tests' PostgreSQL template database (test-template.ts) on TEST_DATABASE_URL and
// prints `MES_TEST_PG_TEMPLATE=<name>`: `npm test` makes it while the PGlite stage runs, and the
// PostgreSQL stage's globalSetup then finds it made. Removed with the throwaway server it lives on.
import { PG_TEMPLATE_ENV, makeTestTemplate } from '../server/src/test-template';

await makeTestTemplate();
console.log(`${PG_TEMPLATE_ENV}=${process.env[PG_TEMPLATE_ENV]}`);
