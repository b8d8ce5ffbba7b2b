/*
 * Jest's resolver, with one change: a bare package imported by the example host's sources
 * (examples/<name>/src, which test/host-app.e2e-spec.ts runs) resolves from the repository root, as
 * the service's code does. After the docs/EMBEDDING.md walkthrough the example has a node_modules of
 * its own, and a second copy of Nest in one app breaks its dependency injection.
 */
'use strict';

const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const examples = path.join(root, 'examples') + path.sep;

module.exports = (request, options) => {
  const bare = !request.startsWith('.') && !path.isAbsolute(request);
  const fromExample = options.basedir.startsWith(examples) && !options.basedir.includes(`${path.sep}node_modules${path.sep}`);
  return options.defaultResolver(request, bare && fromExample ? { ...options, basedir: root } : options);
};
