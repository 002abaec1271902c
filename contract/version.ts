/**
 * The API's base path and the portal's version, re-exported by contract/index.ts. They stand
 * alone, importing nothing, so vite.config.ts can take them without loading the contract's calls:
 * every module a Vite config imports is checked for what Node's own loader would refuse
 * (extensionless relative imports, as the contract's are, which the bundler resolves), and one
 * such import printed a warning of dozens of lines on every build and `npm start`.
 */
export const API_BASE = '/portal_api';
export const PORTAL_VERSION = '2.7.111';
