import type { Translation } from '../../i18n';
import type { usersMessages as en } from '../users';
import { planNameSw } from './plan-name';

export const usersMessages = {
  loadFailed: 'Imeshindikana kupakia watumiaji.',
  deleteFailed: 'Imeshindikana kumfuta mtumiaji.',
  roleFailed: 'Imeshindikana kubadilisha jukumu la mtumiaji.',
  roleConfirmTitle: 'Badilisha jukumu',
  roleConfirm: 'Badilisha jukumu',
  roleSaving: 'Inahifadhi...',
  roleSignsOut: 'Atatolewa kwenye kila kifaa, kisha aingie tena akiwa na jukumu jipya.',
  adminPowers: 'Msimamizi anaweza kubadilisha na kufuta kila mtumiaji, kifurushi, aina na ujumbe.',
  roleUpdated: (role: string) => `Jukumu limebadilishwa kuwa ${role}.`,
  deleted: 'Mtumiaji amefutwa.',
  notFound: 'Mtumiaji hakupatikana.',
  notYourself: 'Huwezi kubadilisha au kufuta akaunti yako mwenyewe hapa.',
  lastAdmin: 'Lazima kuwe na angalau msimamizi mmoja kila wakati.',
  deleteWarning:
    'Ukimfuta mtumiaji huyu, vifurushi, nafasi na maoni yake pia yatafutwa. Hili haliwezi kutenduliwa.',
  recordsKept: 'Kumbukumbu za malipo zinahifadhiwa, kama sheria inavyotaka.',
  deletedName: 'Mtumiaji aliyefutwa',
  accountDeleted: 'Akaunti yako imefutwa.',
  wrongPassword: 'Hilo si nenosiri lako.',
  lastAdminSelf:
    'Wewe ndiye msimamizi wa mwisho: mfanye mtu mwingine kuwa msimamizi kabla ya kufuta akaunti yako.',
  you: 'Wewe',
  noneFound: 'Hakuna watumiaji wanaolingana na vichujio vyako.',
  noneFoundHint: 'Jaribu jukumu lingine au sehemu fupi zaidi ya jina.',
  loading: 'Inapakia watumiaji…',
  intro: 'Kila mwenye akaunti, pamoja na majukumu na mipango yao.',
  count: (total: number) => (total === 1 ? `Mtumiaji ${total}` : `Watumiaji ${total}`),
  deleteTitle: 'Futa mtumiaji',
  /** The user's name (in bold) and email address go where `name` and `email` are. */
  deleteConfirm: <T>(name: T, email: T) => ['Ungependa kumfuta ', name, ' (', email, ')?'] as const,
  /** The same, and the new role (in bold) where `to` is. */
  roleChangeConfirm: <T>(name: T, email: T, from: string, to: T) =>
    ['Ungependa kubadilisha jukumu la ', name, ' (', email, `) kutoka ${from} kuwa `, to, '?'] as const,
  filtersLabel: 'Chuja watumiaji',
  search: 'Tafuta kwa jina au barua pepe',
  allRoles: 'Majukumu yote',
  roleOf: (name: string) => ` la ${name}`,
  planJoined: (plan: string, joined: string) => `Mpango wa ${planNameSw(plan)} · alijiunga ${joined}`,
} as const satisfies Translation<typeof en>;
