import { formatKenyanPhone } from '@sherehe/shared/phone';
import type { Payment } from '@sherehe/shared/schemas/payments';
import { PayDialog } from '@/features/payments/components/pay-dialog';
import { PaymentReturnNotice } from '@/features/payments/components/payment-return-notice';
import PricingPage, { type PlanPayment } from '@/features/plans/pages/pricing-page';
import { useSession } from '@/lib/session';

/**
 * The pricing page with the payments feature's dialog for paid plans (docs/product-rules.md#changing-plan): the two features
 * meet here, in the app layer. A lazy route of its own, so none of it weighs on the home page.
 */
export default function PricingRoute() {
  const { user, reloadUser } = useSession();
  const refresh = (payment: Payment) => {
    if (payment.status === 'succeeded') void reloadUser();
  };
  const payDialog = ({ plan, amount, note, onClose }: PlanPayment) => (
    <PayDialog
      open
      onClose={onClose}
      plan={plan}
      amount={amount}
      {...(note ? { note } : {})}
      defaultPhone={user?.smsPhone ? formatKenyanPhone(user.smsPhone) : (user?.phoneNumber ?? '')}
      onSettled={refresh}
    />
  );
  return (
    <PricingPage
      payDialog={payDialog}
      returnNotice={<PaymentReturnNotice onBookingChanged={() => void reloadUser()} />}
    />
  );
}
