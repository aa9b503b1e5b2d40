// `node --import ./test/support/ts-register.mjs some.ts`: runs TypeScript sources in a child process (see ts-hooks.mjs).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
