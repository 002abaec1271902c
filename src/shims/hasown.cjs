// Stands in for `hasown` (vite.config.ts aliases it here), which node-polyglot requires:
// Object.hasOwn is in every browser the portal supports.
'use strict';

module.exports = function hasOwn(object, key) {
    return Object.hasOwn(object, key);
};
