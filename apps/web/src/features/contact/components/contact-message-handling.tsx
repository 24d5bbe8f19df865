import { formatDate, formatTime } from '@sherehe/shared/dates';
import { contactMessages, controlsMessages } from '@sherehe/shared/messages';
import { answerContactBodySchema, type ContactMessage } from '@sherehe/shared/schemas/contact';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormProblem, TextareaField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toast';
import { useAnswerContactMessage } from '../api/answer-contact-message';
import { useMarkContactHandled } from '../api/mark-contact-handled';

const m = contactMessages;

/**
 * What an admin does with a message: answer it by email (then it is handled), or mark it handled
 * without an answer. A handled message says by whom and when, and shows the answer that was sent.
 */
export function ContactMessageHandling({ message }: { message: ContactMessage }) {
  const [answering, setAnswering] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const markHandled = useMarkContactHandled();
  const actions = useRef<HTMLDivElement>(null);

  const when = message.handledAt ? `${formatDate(message.handledAt)}, ${formatTime(message.handledAt)}` : '';
  return (
    <div className="mt-4 space-y-3 border-t border-stone-200 pt-4">
      {message.handledAt ? (
        <p className="text-sm text-stone-700">
          {message.handledBy ? m.handledBy(message.handledBy.username, when) : m.handledOn(when)}
        </p>
      ) : null}
      {message.answer ? (
        <div className="rounded-xl bg-stone-50 p-3">
          <h3 className="text-sm font-semibold text-stone-800">{m.yourAnswer}</h3>
          <p className="mt-1 whitespace-pre-line break-words text-stone-800">{message.answer}</p>
        </div>
      ) : answering ? (
        <AnswerForm
          message={message}
          onDone={() => setAnswering(false)}
          onCancel={() => {
            setAnswering(false);
            queueMicrotask(() => actions.current?.querySelector('button')?.focus());
          }}
        />
      ) : (
        <div ref={actions} className="flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => setAnswering(true)}>
            {m.answerButton}
          </Button>
          {message.handledAt ? null : (
            <Button
              variant="secondary"
              disabled={markHandled.isPending}
              onClick={() => {
                setProblem(null);
                markHandled.mutate(message._id, {
                  onSuccess: (reply) => notifySuccess(reply.message),
                  onError: (error) => setProblem(isApiError(error) ? error.message : m.sendFailed),
                });
              }}
            >
              {m.markHandled}
            </Button>
          )}
        </div>
      )}
      <FormProblem message={problem} />
    </div>
  );
}

function AnswerForm({
  message,
  onDone,
  onCancel,
}: {
  message: ContactMessage;
  onDone: () => void;
  onCancel: () => void;
}) {
  const answer = useAnswerContactMessage();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        const parsed = answerContactBodySchema.safeParse({ message: text });
        if (!parsed.success) {
          setFieldError(parsed.error.issues[0]?.message);
          return;
        }
        setFieldError(undefined);
        answer.mutate(
          { id: message._id, ...parsed.data },
          {
            onSuccess: (reply) => {
              notifySuccess(reply.message);
              onDone();
            },
            onError: (error) => setProblem(isApiError(error) ? error.message : m.sendFailed),
          },
        );
      }}
    >
      <TextareaField
        label={m.answerLabel}
        hint={m.answerHint(message.email)}
        error={fieldError}
        value={text}
        rows={5}
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
      <FormProblem message={problem} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? m.sendingAnswer : m.sendAnswer}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {controlsMessages.cancel}
        </Button>
      </div>
    </form>
  );
}
