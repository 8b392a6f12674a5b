// The service over HTTP on PGlite, the embedded PostgreSQL `npm start` uses. The suites only read
// (the service never writes), so they share this worker's demo database.

import { sharedDemoPglite } from './support/demo-pglite.js';
import { authenticatedSuite } from './suites/authenticated.js';
import { authenticationSuite } from './suites/authentication.js';
import { lifecycleSuite } from './suites/lifecycle.js';
import { loginFloodSuite } from './suites/login-flood.js';
import { slowClientsSuite } from './suites/slow-clients.js';
import { hostileSuite } from './suites/hostile.js';
import { publicSuite } from './suites/public.js';

authenticatedSuite('PGlite', sharedDemoPglite);
publicSuite('PGlite', sharedDemoPglite);
hostileSuite('PGlite', sharedDemoPglite);
authenticationSuite('PGlite', sharedDemoPglite);
lifecycleSuite('PGlite', sharedDemoPglite);
loginFloodSuite('PGlite', sharedDemoPglite);
slowClientsSuite('PGlite', sharedDemoPglite);
