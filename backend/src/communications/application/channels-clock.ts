import type { Clock } from '../../platform/clock.js';

/** The channels' wall clock (the WhatsApp window, the dialer's contact window): a port so a test can say what time it is. */
export const CHANNELS_CLOCK = Symbol('CHANNELS_CLOCK');

export const channelsClock = (): Clock => ({ now: () => new Date() });
