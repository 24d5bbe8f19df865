import { controlsMessages, profileMessages } from '@sherehe/shared/messages';
import { BIO_MAX, type ProfileBody, profileBodySchema, type User } from '@sherehe/shared/schemas/users';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { cx } from '@/lib/class-names';
import { fieldsOf } from '@/lib/form-fields';
import { useSession } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { zodResolver } from '@/lib/zod-resolver';
import { useUpdateProfile } from '../api/update-profile';

/** The fields of the own profile that the form edits, as the user has them. */
type ProfileFormValues = Pick<
  User,
  | 'firstName'
  | 'lastName'
  | 'phoneNumber'
  | 'location'
  | 'website'
  | 'bio'
  | 'specialization'
  | 'experience'
  | 'socialMedia'
>;

function valuesOf(user: User): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    location: user.location,
    website: user.website,
    bio: user.bio,
    specialization: user.specialization,
    experience: user.experience,
    socialMedia: { ...user.socialMedia },
  };
}

const SOCIAL = [
  { name: 'facebook', label: 'Facebook', placeholder: 'https://facebook.com/…' },
  { name: 'twitter', label: 'Twitter', placeholder: 'https://x.com/…' },
  { name: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/…' },
  { name: 'linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/in/…' },
] as const;

/**
 * The own profile's fields (docs/product-spec.md#pages): read-only until Edit; Save Changes sends them, checked
 * with the shared schema first; Cancel puts the saved values back.
 */
export function ProfileForm({ user }: { user: User }) {
  const { setUser } = useSession();
  const updateProfile = useUpdateProfile();
  const isPlanner = user.role === 'planner';
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileFormValues, unknown, ProfileBody>({
    resolver: zodResolver<ProfileFormValues, ProfileBody>(profileBodySchema),
    defaultValues: valuesOf(user),
  });
  const bioLength = form.watch('bio')?.length ?? 0;

  // Outside edit mode the fields show the saved profile (a new picture also brings a new user).
  useEffect(() => {
    if (!editing) form.reset(valuesOf(user));
  }, [user, editing, form]);

  function cancel() {
    form.reset(valuesOf(user));
    setEditing(false);
  }

  const { handleSubmit, busy: saving } = useFormSubmit({
    form,
    send: ({ specialization, experience, ...common }: ProfileBody) =>
      updateProfile.mutateAsync(isPlanner ? { ...common, specialization, experience } : common),
    disabled: !editing,
    successToast: (reply) => reply.message,
    failureToast: profileMessages.updateFailed,
    onSuccess: (reply) => {
      setUser(reply.user);
      setEditing(false);
    },
  });

  const locked = !editing || saving;
  const field = fieldsOf(form, locked);

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={saving} aria-labelledby="profile-details">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-details" className="text-xl font-semibold">
          {profileMessages.details}
        </h2>
        <Button variant="secondary" onClick={editing ? cancel : () => setEditing(true)} disabled={saving}>
          {editing ? controlsMessages.cancel : controlsMessages.edit}
        </Button>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label={profileMessages.firstName} autoComplete="given-name" {...field('firstName')} />
        <InputField label={profileMessages.lastName} autoComplete="family-name" {...field('lastName')} />
        <InputField
          label={profileMessages.phoneNumber}
          type="tel"
          autoComplete="tel"
          {...field('phoneNumber')}
        />
        <InputField label={profileMessages.location} autoComplete="address-level2" {...field('location')} />
        <div className="sm:col-span-2">
          <InputField
            label={profileMessages.website}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            {...field('website')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label={profileMessages.bio}
            rows={5}
            maxLength={BIO_MAX}
            hint={
              <span className={cx('block text-right', bioLength > BIO_MAX && 'text-red-700')}>
                {bioLength}/{BIO_MAX}
                <span className="sr-only">{profileMessages.characters}</span>
              </span>
            }
            {...field('bio')}
          />
        </div>
        {isPlanner ? (
          <>
            <InputField
              label={profileMessages.specialization}
              placeholder={profileMessages.specializationExample}
              {...field('specialization')}
            />
            <InputField
              label={profileMessages.experience}
              placeholder={profileMessages.experienceExample}
              {...field('experience')}
            />
          </>
        ) : null}
      </div>
      <fieldset className="mt-6">
        <legend className="text-lg font-semibold text-stone-900">{profileMessages.socialLinks}</legend>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          {SOCIAL.map((network) => (
            <InputField
              key={network.name}
              label={network.label}
              type="url"
              inputMode="url"
              placeholder={network.placeholder}
              {...field(`socialMedia.${network.name}`)}
            />
          ))}
        </div>
      </fieldset>
      {editing ? (
        <Button type="submit" size="lg" className="mt-6" disabled={saving}>
          {saving ? controlsMessages.saving : controlsMessages.saveChanges}
        </Button>
      ) : null}
    </form>
  );
}
