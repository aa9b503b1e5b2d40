/**
 * The collection contact window (08:00–19:00 in the business time zone, the RBI's fair practices code), for the
 * channels that reach borrowers from other contexts (communications' dialer). Pure: no Nest, no I/O.
 */
export { CONTACT_WINDOW, localTimeOf, nextContactTime, type LocalTime } from '../collections/domain/reminders.js';
