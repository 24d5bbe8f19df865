import type { Translation } from '../../i18n';
import type { cancellationPoliciesMessages as en } from '../cancellation-policies';

export const cancellationPoliciesMessages = {
  title: 'Sera ya kughairi',
  names: { flexible: 'Nyepesi', moderate: 'Ya kati', strict: 'Kali' },
  forClients: {
    flexible:
      'Nyepesi: unarejeshewa pesa zote ukighairi siku 7 au zaidi kabla ya hafla; baada ya hapo malipo ya awali hayarejeshwi.',
    moderate:
      'Ya kati: unarejeshewa pesa zote ukighairi siku 30 au zaidi kabla ya hafla; kuanzia siku 29 hadi 7 kabla, malipo ya awali hayarejeshwi; chini ya siku 7, hakuna kinachorejeshwa.',
    strict:
      'Kali: unarejeshewa pesa zote ukighairi siku 90 au zaidi kabla ya hafla; kuanzia siku 89 hadi 30 kabla, malipo ya awali hayarejeshwi; chini ya siku 30, hakuna kinachorejeshwa.',
  },
  forPlanners: {
    flexible:
      'Mteja akighairi siku 7 au zaidi kabla ya hafla anarejeshewa pesa zote; baadaye, unabaki na malipo ya awali.',
    moderate:
      'Mteja akighairi siku 30 au zaidi kabla anarejeshewa pesa zote; siku 7 hadi 29 kabla, unabaki na malipo ya awali; chini ya siku 7, hakuna kinachorejeshwa.',
    strict:
      'Mteja akighairi siku 90 au zaidi kabla anarejeshewa pesa zote; siku 30 hadi 89 kabla, unabaki na malipo ya awali; chini ya siku 30, hakuna kinachorejeshwa.',
  },
  formHint: 'Inahusu nafasi zitakazoombwa kuanzia sasa; nafasi zilizokwisha ombwa zinabaki na sera yake.',
  fullRefundBy: (day) => `Ghairi kufikia ${day} urejeshewe pesa zote.`,
  fullRefundPassed: (day) => `Kurejeshewa pesa zote kuliwezekana hadi ${day}.`,
  depositKeptAfterwards: 'Baada ya hapo, malipo ya awali hayarejeshwi na yaliyobaki yanarejeshwa.',
  depositKeptUntil: (day) =>
    `Baada ya hapo, hadi ${day}, malipo ya awali hayarejeshwi na yaliyobaki yanarejeshwa; baadaye, hakuna kinachorejeshwa.`,
} as const satisfies Translation<typeof en>;
