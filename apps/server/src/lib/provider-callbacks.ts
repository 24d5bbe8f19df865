import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress, rateLimited } from './request-limits';

/**
 * The answer to a provider's callback that is refused (a payment provider's, Africa's Talking's): a
 * forged one (wrong secret path or signature) is a 403, counted per address under `counter` against
 * RATE_PAYMENT_CALLBACKS_FORGED_PER_ADDRESS; one not understood is a 400, never counted, since the
 * secret was checked first and it is the provider's own. The refusal is returned for the route to
 * answer, so each call is answered once.
 */
export async function refuseCallback(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: { reason: 'forged' | 'malformed'; counter: string; forged: string; malformed: string },
) {
  if (refusal.reason === 'forged') {
    const { max, windowMs } = app.config.limits.paymentCallbacksForgedPerAddress;
    const counted = await app.limiter.take(`${refusal.counter}:${clientAddress(request)}`, max, windowMs);
    if (!counted.allowed) throw rateLimited(reply, counted.resetInMs);
  }
  reply.code(refusal.reason === 'forged' ? 403 : 400);
  return {
    success: false as const,
    code: refusal.reason === 'forged' ? ('FORBIDDEN' as const) : ('VALIDATION' as const),
    message: refusal.reason === 'forged' ? refusal.forged : refusal.malformed,
  };
}
