/**
 * Starts automated (IVR) reminder calls. A real adapter (Exotel's Calls/connect with a flow (applet) id, or
 * Knowlarity's campaign API) places the call with `reference` (our loan id) as its custom field, so that the
 * provider's status callback, re-signed and sent to POST /api/webhooks/ivr, names the loan and the call id it answered.
 */
export interface IvrProvider {
  readonly name: string;
  startCall(call: { to: string; reference: string; flow: string }): Promise<{ providerCallId: string }>;
}

export const IVR_PROVIDER = Symbol('IVR_PROVIDER');
