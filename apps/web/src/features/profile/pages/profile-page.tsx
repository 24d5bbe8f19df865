import { authMessages, controlsMessages, plansMessages, profileMessages } from '@sherehe/shared/messages';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { RoleBadge } from '@/components/ui/role-badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { displayNameOf } from '@/lib/display-name';
import { useSession } from '@/lib/session';
import { NotificationSettingsCard } from '../components/notification-settings-card';
import { ProfileForm } from '../components/profile-form';
import { ProfilePictureCard } from '../components/profile-picture-card';
import { SmsPhoneCard } from '../components/sms-phone-card';
import { YourDataCard } from '../components/your-data-card';
import { useGoBack } from '../hooks/use-go-back';

/** /profile: the signed-in user's picture and details, and their data to take or delete. */
export default function ProfilePage() {
  const { user } = useSession();
  const goBack = useGoBack();

  if (!user) {
    return (
      <div className="flex flex-1 items-center justify-center py-16">
        <Spinner label={profileMessages.loadingOwn} className="scale-150" />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:py-12">
      <PageHeader
        title={profileMessages.myProfile}
        actions={
          <Button variant="secondary" onClick={goBack}>
            <span aria-hidden="true">←</span> {controlsMessages.back}
          </Button>
        }
      >
        {profileMessages.myProfileIntro}
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <ProfilePictureCard user={user} displayName={displayNameOf(user)} />
          <Card>
            <h2 className="text-lg font-semibold">{profileMessages.account}</h2>
            <dl className="mt-3 space-y-2">
              <div>
                <dt className="text-sm text-stone-600">{profileMessages.username}</dt>
                <dd className="font-medium text-stone-900">{user.username}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{authMessages.role}</dt>
                <dd>
                  <RoleBadge role={user.role} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">{profileMessages.plan}</dt>
                <dd className="font-medium text-stone-900">{plansMessages.planName(user.plan.name)}</dd>
              </div>
            </dl>
            <ButtonLink to={paths.userProfile.getHref(user._id)} variant="secondary" className="mt-4 w-full">
              {profileMessages.viewPublic}
            </ButtonLink>
          </Card>
          <NotificationSettingsCard />
          <SmsPhoneCard />
          <YourDataCard />
        </div>
        <Card>
          <ProfileForm user={user} />
        </Card>
      </div>
    </div>
  );
}
