// The service over HTTP on PGlite, the embedded PostgreSQL `npm start` uses.

import { openDemoPglite } from './support/demo-pglite.js';
import { authenticatedSuite } from './suites/authenticated.js';
import { authenticationSuite } from './suites/authentication.js';
import { lifecycleSuite } from './suites/lifecycle.js';
import { loginFloodSuite } from './suites/login-flood.js';
import { slowClientsSuite } from './suites/slow-clients.js';
import { hostileSuite } from './suites/hostile.js';
import { publicSuite } from './suites/public.js';

authenticatedSuite('PGlite', () => openDemoPglite());
publicSuite('PGlite', () => openDemoPglite());
hostileSuite('PGlite', () => openDemoPglite());
authenticationSuite('PGlite', () => openDemoPglite());
lifecycleSuite('PGlite', () => openDemoPglite());
loginFloodSuite('PGlite', () => openDemoPglite());
slowClientsSuite('PGlite', () => openDemoPglite());
