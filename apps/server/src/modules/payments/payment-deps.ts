import { ServerEvents } from '@sherehe/shared/socket-events';
import type { FastifyInstance } from 'fastify';
import { createPaymentProviders } from '../../payments/providers';
import { bookingRoom } from '../../realtime/chat.handlers';
import { userRoom } from '../../realtime/socket-session';
import { presentPayment } from './payments.presenter';
import type { PaymentDeps } from './payments.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Everything a payment or refund use case needs, with the payment providers and their clients:
     * made once per process (buildApp), so every path shares one Daraja client and its OAuth token.
     */
    paymentDeps: PaymentDeps;
  }
}

/**
 * Builds the payment use cases' dependencies from the app. Called once, by buildApp, which
 * decorates the app with the result; everything else reads `app.paymentDeps`.
 */
export function buildPaymentDeps(app: FastifyInstance): PaymentDeps {
  return {
    db: app.db,
    jobs: app.jobs,
    providers: createPaymentProviders(app.config.payments, { publicUrl: app.config.publicUrl }),
    publicUrl: app.config.publicUrl,
    feeBasisPoints: app.config.payments.platformFeeBasisPoints,
    mpesaMaxAmount: app.config.payments.mpesaMaxAmount,
    log: app.log,
    mailer: app.mailer,
    // After the commit: both parties' open pages of the booking hear of it at once.
    notify: (payment) => {
      if (payment.bookingId)
        app.io.to(bookingRoom(payment.bookingId)).emit(ServerEvents.paymentUpdated, presentPayment(payment));
      // A plan's payment: the payer's own pages (the dashboard, the pricing page).
      if (payment.planId)
        app.io.to(userRoom(payment.userId)).emit(ServerEvents.paymentUpdated, presentPayment(payment));
    },
  };
}
