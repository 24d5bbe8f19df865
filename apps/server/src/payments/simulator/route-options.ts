/**
 * Every simulator route's options: hidden from the OpenAPI document (it is not the API), and
 * leaving the read cache alone (it changes nothing the public reads show).
 */
export const SIM_ROUTE = { schema: { hide: true }, config: { keepsPublicReads: true } } as const;
