/** GET /admin/loans/:id/cooling-off (issue 33): the API's own type (web-common api.ts). */
export type { CoolingOff, CoolingOffAmounts } from '@lending/web-common/api';
