import { controlsMessages } from '@sherehe/shared/messages';
import { Button } from './button';

/** A list or page that failed to load: the reason and a Try Again button (docs/product-spec.md#data-lists). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center">
      <p className="font-medium text-red-800">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {controlsMessages.tryAgain}
      </Button>
    </div>
  );
}
