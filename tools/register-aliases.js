/* `require('tools/register-aliases')`: from here on, require() resolves the `@nomina-api/*` aliases (tools/aliases.js). */
'use strict';

require('./aliases').registerAliases();
