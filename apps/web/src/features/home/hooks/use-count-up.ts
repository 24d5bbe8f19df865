import { type RefObject, useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Progress from 0 to 1 over `durationMs`, started the first time `ref` scrolls into view.
 * With reduced motion (or no IntersectionObserver) it is 1 at once.
 */
export function useCountUp(ref: RefObject<Element | null>, durationMs = 1500): number {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') {
      setProgress(1);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const linear = Math.min(1, (now - start) / durationMs);
          setProgress(1 - (1 - linear) ** 3);
          if (linear < 1) frame = window.requestAnimationFrame(tick);
        };
        frame = window.requestAnimationFrame(tick);
      },
      { threshold: 0.3 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
    };
  }, [ref, durationMs]);

  return progress;
}
