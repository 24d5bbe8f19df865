import type { Translation } from '../../i18n';
import type { pricingMessages as en } from '../pricing';

/** The pricing page's own words (plansMessages has the plan cards'). */
export const pricingMessages = {
  title: 'Mipango na bei',
  intro:
    'Anza bure kisha boresha mpango kadiri hafla zako zinavyoongezeka. Mpango wako huamua idadi ya nafasi unazoweza kuweka kila mwezi na idadi ya vifurushi unavyoweza kuweka. Ubadilishe wakati wowote.',
} as const satisfies Translation<typeof en>;
