import type { Translation } from '../../i18n';
import type { categoriesMessages as en } from '../categories';

export const categoriesMessages = {
  loadFailed: 'Imeshindikana kupakia aina. Tafadhali onyesha upya ukurasa.',
  created: 'Aina imeundwa!',
  updated: 'Aina imesasishwa!',
  deleted: 'Aina imefutwa!',
  notFound: 'Aina haikupatikana.',
  nameTaken: 'Tayari kuna aina yenye jina hili.',
  inUse: 'Aina hii inatumiwa na vifurushi. Vihamishe au uvifute kwanza.',
  intro: 'Aina ambazo vifurushi vimepangwa chini yake.',
  addTitle: 'Ongeza aina',
  add: 'Ongeza aina',
  listTitle: 'Aina zote',
  loading: 'Inapakia aina…',
  noneYet: 'Bado hakuna aina',
  noneYetHint: 'Ongeza ya kwanza kwa fomu iliyo hapo juu.',
  editTitle: 'Hariri aina',
  deleteTitle: 'Futa aina',
  /** The category's name (in bold) goes where `name` is. */
  deleteConfirm: <T>(name: T) =>
    ['Ungependa kufuta aina ', name, '? Hatua hii haiwezi kutenduliwa.'] as const,
  name: 'Jina',
  nameSw: 'Jina kwa Kiswahili (si lazima)',
  inKiswahili: 'Kwa Kiswahili:',
  description: 'Maelezo (si lazima)',
} as const satisfies Translation<typeof en>;
