import { controlsMessages, profileMessages } from '@sherehe/shared/messages';
import type { PublicProfile } from '@sherehe/shared/schemas/users';
import type { ReactNode } from 'react';

type Network = keyof PublicProfile['socialMedia'];

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const NETWORKS: ReadonlyArray<{ name: Network; label: string; icon: ReactNode }> = [
  {
    name: 'facebook',
    label: 'Facebook',
    icon: (
      <path
        {...stroke}
        d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z"
      />
    ),
  },
  { name: 'twitter', label: 'Twitter', icon: <path {...stroke} d="M4 4l16 16M20 4 4 20" /> },
  {
    name: 'instagram',
    label: 'Instagram',
    icon: (
      <>
        <rect {...stroke} x="3" y="3" width="18" height="18" rx="5" />
        <circle {...stroke} cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
      </>
    ),
  },
  {
    name: 'linkedin',
    label: 'LinkedIn',
    icon: (
      <>
        <rect {...stroke} x="3" y="3" width="18" height="18" rx="3" />
        <path {...stroke} d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a3 3 0 0 1 6 0V17" />
      </>
    ),
  },
];

/** Only web addresses are links (the server accepts nothing else; this keeps `javascript:` out for sure). */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

/** The profile's social accounts as icon links that open in a new tab. */
export function SocialLinks({ socialMedia }: { socialMedia: PublicProfile['socialMedia'] }) {
  const links = NETWORKS.filter((network) => isWebAddress(socialMedia[network.name]));
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label={profileMessages.socialMedia}>
      {links.map((network) => (
        <li key={network.name}>
          <a
            href={socialMedia[network.name]}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-stone-300 px-3 font-medium text-stone-800 hover:border-brand-600 hover:text-brand-700"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
              {network.icon}
            </svg>
            {network.label}
            <span className="sr-only">{controlsMessages.opensInNewTab}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
