// Stands in for the `object.entries` polyfill that node-polyglot requires (vite.config.ts aliases
// it here): every browser the portal supports has Object.entries, and the polyfill's helpers
// would cost the sign-in page several kilobytes.
'use strict';

module.exports = function entries(object) {
    return Object.entries(object);
};
