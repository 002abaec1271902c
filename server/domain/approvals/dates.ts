/**
 * The business's calendar days moved down to server/time.ts, where the schema may import them;
 * this module hands them on to the domains that still import them from here.
 */
export { BUSINESS_TIME_ZONE, endOfDay, startOfDay } from '../../time';
