import { controlsMessages, profileMessages } from '@sherehe/shared/messages';
import type { PublicProfile } from '@sherehe/shared/schemas/users';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DocumentTitle } from '@/components/ui/document-title';
import { RoleBadge } from '@/components/ui/role-badge';
import { ShareButton } from '@/components/ui/share-button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { displayNameOf } from '@/lib/display-name';
import { useSession } from '@/lib/session';
import { notifyError } from '@/lib/toast';
import { usePublicProfile } from '../api/get-public-profile';
import { isWebAddress, SocialLinks } from '../components/social-links';
import { useGoBack } from '../hooks/use-go-back';

interface PublicProfilePageProps {
  /** A planner's packages (they belong to the packages feature; the route supplies them). */
  plannerPackages?: (plannerId: string) => ReactNode;
  /** A planner's reviews (the reviews feature's; the route supplies them). */
  plannerReviews?: (plannerId: string, plannerName: string) => ReactNode;
  /** Send Message, where a booking with this person exists (the bookings feature's; nothing otherwise). */
  message?: (personId: string) => ReactNode;
}

const shell = 'mx-auto w-full max-w-5xl px-4 py-8 md:py-12';

function ProfileNotFound() {
  const goBack = useGoBack();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <DocumentTitle title={profileMessages.notFoundTitle} />
      <h1 className="text-3xl font-bold">{profileMessages.notFoundTitle}</h1>
      <p className="mt-3 text-stone-600">{profileMessages.maybeClosed}</p>
      <Button size="lg" className="mt-8" onClick={goBack}>
        {profileMessages.goBack}
      </Button>
    </section>
  );
}

function Facts({ profile }: { profile: PublicProfile }) {
  const website = profile.website.trim();
  return (
    <ul className="mt-4 space-y-1 text-stone-700">
      {profile.location ? (
        <li>
          <span className="sr-only">{controlsMessages.locationPrefix}</span>
          <span>{profile.location}</span>
        </li>
      ) : null}
      {website && isWebAddress(website) ? (
        <li>
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center break-all text-brand-700 underline"
          >
            {website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
            <span className="sr-only">{profileMessages.websiteSuffix}</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** /user/:userId (docs/product-spec.md#screens-and-routes): what anyone may see of a person, and ways to reach them. */
export default function PublicProfilePage({
  plannerPackages,
  plannerReviews,
  message,
}: PublicProfilePageProps) {
  const { userId = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const profile = usePublicProfile(userId);
  const missing = profile.isError && isApiError(profile.error) && profile.error.status === 404;
  const failed = profile.isError && !missing;

  // Any other failure says so and goes home (docs/product-spec.md#calls-and-answers).
  useEffect(() => {
    if (!failed) return;
    notifyError(profileMessages.loadFailed);
    navigate(paths.home.getHref(), { replace: true });
  }, [failed, navigate]);

  if (missing) return <ProfileNotFound />;
  if (profile.isPending || profile.isError) {
    return (
      <div className={shell}>
        <Skeleton layout="card" lines={4} label={profileMessages.loading} className="max-w-md" />
      </div>
    );
  }

  const data = profile.data;
  const name = displayNameOf(data);
  const isPlanner = data.role === 'planner';
  const isOwn = user?._id === data._id;

  return (
    <div className={shell}>
      <DocumentTitle title={name} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Card className="flex flex-col items-center text-center">
            <Avatar
              src={data.profilePictureThumb ?? data.profilePicture}
              name={name}
              size={144}
              alt={profileMessages.pictureOf(name)}
              eager
            />
            <h1 className="mt-4 text-2xl font-bold">{name}</h1>
            <div className="mt-2">
              <RoleBadge role={data.role} />
            </div>
            <Facts profile={data} />
            <div className="mt-4">
              <SocialLinks socialMedia={data.socialMedia} />
            </div>
            {isPlanner ? <ShareButton title={name} className="mt-4 w-full" /> : null}
          </Card>
          {isOwn ? (
            <ButtonLink to={paths.profile.getHref()} variant="secondary" className="w-full">
              {profileMessages.editYours}
            </ButtonLink>
          ) : isPlanner ? (
            <Card>
              <h2 className="text-lg font-semibold">{profileMessages.actions}</h2>
              <div className="mt-4 flex flex-col gap-3">
                <ButtonLink to={paths.packages.getHref({ planner: data._id })}>
                  {profileMessages.viewPackages}
                </ButtonLink>
                {message?.(data._id)}
              </div>
            </Card>
          ) : (
            // A client's profile: only the way to a booking's chat with them, when there is one.
            <div className="flex flex-col">{message?.(data._id)}</div>
          )}
        </div>
        <div className="min-w-0 space-y-6">
          <Card>
            <h2 className="text-xl font-semibold">{profileMessages.about}</h2>
            <p className="mt-3 whitespace-pre-line text-stone-800">
              {data.bio || profileMessages.noBio(name)}
            </p>
          </Card>
          {isPlanner ? (
            <Card>
              <h2 className="text-xl font-semibold">{profileMessages.professionalInfo}</h2>
              <dl className="mt-3 space-y-3">
                <div>
                  <dt className="text-sm text-stone-600">{profileMessages.specialization}</dt>
                  <dd className="text-stone-900">{data.specialization || profileMessages.notGiven}</dd>
                </div>
                <div>
                  <dt className="text-sm text-stone-600">{profileMessages.experience}</dt>
                  <dd className="whitespace-pre-line text-stone-900">
                    {data.experience || profileMessages.notGiven}
                  </dd>
                </div>
              </dl>
            </Card>
          ) : null}
          {isPlanner ? plannerPackages?.(data._id) : null}
          {isPlanner ? plannerReviews?.(data._id, data.username) : null}
        </div>
      </div>
    </div>
  );
}
