// The service over HTTP on PGlite, the embedded PostgreSQL `npm start` uses.

import { openPglite } from '../src/database.js';
import { authenticatedSuite } from './suites/authenticated.js';
import { authenticationSuite } from './suites/authentication.js';
import { lifecycleSuite } from './suites/lifecycle.js';
import { loginFloodSuite } from './suites/login-flood.js';
import { slowClientsSuite } from './suites/slow-clients.js';
import { hostileSuite } from './suites/hostile.js';
import { publicSuite } from './suites/public.js';

authenticatedSuite('PGlite', () => openPglite());
publicSuite('PGlite', () => openPglite());
hostileSuite('PGlite', () => openPglite());
authenticationSuite('PGlite', () => openPglite());
lifecycleSuite('PGlite', () => openPglite());
loginFloodSuite('PGlite', () => openPglite());
slowClientsSuite('PGlite', () => openPglite());
