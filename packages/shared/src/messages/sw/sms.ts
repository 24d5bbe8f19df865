import type { Translation } from '../../i18n';
import type { smsMessages as en } from '../sms';

export const smsMessages = {
  callbackForged: 'Huu si ujumbe kutoka kwa mtoa huduma wa SMS.',
  callbackNotUnderstood: 'Ujumbe huu wa SMS haukueleweka.',
} satisfies Translation<typeof en>;
