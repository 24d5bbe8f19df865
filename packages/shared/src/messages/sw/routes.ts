import type { Translation } from '../../i18n';
import type { routesMessages as en } from '../routes';

export const routesMessages = {
  unauthorizedTitle: 'Huna ruhusa ya kutosha',
  unauthorizedText: (required, current) =>
    `Unahitaji ruhusa za ${required} kufungua ukurasa huu. Akaunti yako ya sasa ni ya ${current}.`,
  notFoundTitle: 'Ukurasa haukupatikana',
  accessDeniedTitle: 'Umezuiwa kuingia',
  notFoundText:
    'Ukurasa unaoutafuta haupo au umehamishwa. Angalia anwani, au anza upya kutoka ukurasa wa mwanzo.',
  goHome: 'Nenda ukurasa wa mwanzo',
  goToDashboard: 'Nenda kwenye dashibodi yako',
} as const satisfies Translation<typeof en>;
