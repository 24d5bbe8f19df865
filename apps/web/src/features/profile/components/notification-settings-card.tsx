import { notificationSettingsMessages as m } from '@sherehe/shared/messages/notification-settings';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  type NotificationSettings,
} from '@sherehe/shared/notifications';
import type { NotificationsPatchBody } from '@sherehe/shared/schemas/notifications';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toast';
import { useChangeNotificationSettings, useNotificationSettings } from '../api/notification-settings';

/** Only what differs from what the server said: a save never touches a switch left alone. */
function changesOf(before: NotificationSettings, after: NotificationSettings): NotificationsPatchBody {
  const body: NotificationsPatchBody = {};
  for (const channel of NOTIFICATION_CHANNELS)
    for (const topic of NOTIFICATION_TOPICS)
      if (before[channel][topic] !== after[channel][topic])
        body[channel] = { ...body[channel], [topic]: after[channel][topic] };
  return body;
}

/** "Notifications" on the own profile: the SMS and email switches of each topic. */
export function NotificationSettingsCard() {
  const headingId = useId();
  const settings = useNotificationSettings();
  const change = useChangeNotificationSettings();
  const [draft, setDraft] = useState<NotificationSettings | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const saved = settings.data?.notifications;
  useEffect(() => {
    if (saved) setDraft(saved);
  }, [saved]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!saved || !draft || change.isPending) return;
    setError(undefined);
    try {
      await change.mutateAsync(changesOf(saved, draft));
      notifySuccess(m.saved);
    } catch (caught) {
      setError(serverMessageOr(caught, m.saveFailed));
    }
  }

  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        {m.title}
      </h2>
      <p className="mt-1 text-stone-600">{m.intro}</p>
      {settings.isError ? (
        <p role="alert" className="mt-3 text-red-700">
          {m.loadFailed}
        </p>
      ) : !draft || !settings.data ? (
        <Spinner label={m.title} />
      ) : (
        <form aria-labelledby={headingId} className="mt-4 space-y-4" onSubmit={(event) => void save(event)}>
          {settings.data.smsStopped ? (
            <p className="text-amber-800">{m.smsStopped}</p>
          ) : settings.data.smsPhone === null ? (
            <p className="text-amber-800">{m.smsNeedsPhone}</p>
          ) : (
            <p className="text-stone-600">{m.smsGoesTo(settings.data.smsPhone)}</p>
          )}
          {NOTIFICATION_CHANNELS.map((channel) => (
            <fieldset key={channel}>
              <legend className="font-medium">{m[channel]}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {NOTIFICATION_TOPICS.map((topic) => (
                  <label key={topic} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      aria-label={m.switchLabel(m[channel], m[topic])}
                      checked={draft[channel][topic]}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setDraft(
                          (current) =>
                            current && { ...current, [channel]: { ...current[channel], [topic]: on } },
                        );
                      }}
                    />
                    <span>{m[topic]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {error ? (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? m.saving : m.save}
          </Button>
        </form>
      )}
    </Card>
  );
}
