import { controlsMessages, enquiriesMessages } from '@sherehe/shared/messages';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { notifyError } from '@/lib/toast';

// The form (and its validation library) loads when the button is pressed.
const EnquiryForm = lazy(() => import('./enquiry-form').then((module) => ({ default: module.EnquiryForm })));

/** `?ask=1`: the form opens at once (a guest brought back from signing in). */
const ASK_PARAM = 'ask';

interface EnquiryButtonProps {
  planner: { _id: string; username: string };
  /** The package asked about ("Ask for a quote"); none from a planner's profile ("Send Message"). */
  packageId?: string | undefined;
  label: string;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * Opens the enquiry form for clients; guests sign in first (and come back with the form open),
 * planners and admins are told only clients ask. On success: the enquiry's chat on the bookings page.
 */
export function EnquiryButton({
  planner,
  packageId,
  label,
  variant = 'secondary',
  className,
}: EnquiryButtonProps) {
  const { isChecking, isLoggedIn, user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const handled = useRef(false);

  const ask = useCallback(() => {
    if (!isLoggedIn || !user) {
      navigate(paths.login.getHref({ mode: 'login', next: `${location.pathname}?${ASK_PARAM}=1` }));
      return;
    }
    if (user.role !== 'client') {
      notifyError(enquiriesMessages.onlyClients);
      return;
    }
    setOpen(true);
  }, [isLoggedIn, user, navigate, location.pathname]);

  const wantsForm = searchParams.get(ASK_PARAM) === '1';
  useEffect(() => {
    if (isChecking || !wantsForm || handled.current) return;
    handled.current = true;
    setSearchParams(
      (params) => {
        params.delete(ASK_PARAM);
        return params;
      },
      { replace: true },
    );
    if (user?.role === 'client') setOpen(true);
  }, [isChecking, wantsForm, user, setSearchParams]);

  return (
    <>
      <Button
        size="lg"
        variant={variant}
        className={className}
        onClick={ask}
        disabled={isChecking}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={enquiriesMessages.formTitle(planner.username)}>
        {open ? (
          <Suspense fallback={<Skeleton layout="form" lines={3} label={controlsMessages.loadingForm} />}>
            <EnquiryForm
              packageId={packageId}
              plannerId={planner._id}
              onCancel={() => setOpen(false)}
              onSent={(reply) => {
                setOpen(false);
                navigate(paths.dashboard.bookings.getHref({ with: planner._id, booking: reply.booking._id }));
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
