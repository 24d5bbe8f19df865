import type { Translation } from '../../i18n';
import type { usersMessages as en } from '../users';
import { plansMessages } from './plans';

export const usersMessages = {
  loadFailed: 'Imeshindikana kupakia watumiaji.',
  deleteFailed: 'Imeshindikana kumfuta mtumiaji.',
  roleFailed: 'Imeshindikana kubadilisha aina ya akaunti ya mtumiaji.',
  roleConfirmTitle: 'Badilisha aina ya akaunti',
  roleConfirm: 'Badilisha aina ya akaunti',
  roleSaving: 'Inahifadhi...',
  roleSignsOut: 'Atatolewa kwenye kila kifaa, kisha aingie tena akiwa na aina mpya ya akaunti.',
  adminPowers: 'Msimamizi anaweza kubadilisha na kufuta kila mtumiaji, kifurushi, aina na ujumbe.',
  roleUpdated: (role) => `Aina ya akaunti imebadilishwa kuwa ${role}.`,
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
  noneFoundHint: 'Jaribu aina nyingine ya akaunti au sehemu fupi zaidi ya jina.',
  loading: 'Inapakia watumiaji…',
  intro: 'Kila mwenye akaunti, pamoja na aina ya akaunti yake na mpango wake.',
  count: (total) => (total === 1 ? `Mtumiaji ${total}` : `Watumiaji ${total}`),
  deleteTitle: 'Futa mtumiaji',
  /** The user's name (in bold) and email address go where `name` and `email` are. */
  deleteConfirm: <T>(name: T, email: T) => ['Ungependa kumfuta ', name, ' (', email, ')?'] as const,
  /** The same, and the new role (in bold) where `to` is. */
  roleChangeConfirm: <T>(name: T, email: T, from: string, to: T) =>
    [
      'Ungependa kubadilisha aina ya akaunti ya ',
      name,
      ' (',
      email,
      `) kutoka ${from} kuwa `,
      to,
      '?',
    ] as const,
  filtersLabel: 'Chuja watumiaji',
  search: 'Tafuta kwa jina au barua pepe',
  allRoles: 'Aina zote za akaunti',
  roleOf: (name) => ` ya ${name}`,
  planJoined: (plan, joined) => `Mpango wa ${plansMessages.planName(plan)} · alijiunga ${joined}`,
} as const satisfies Translation<typeof en>;
