import { useEffect, useState } from 'react';

export interface PageMetrics {
  scrollY: number;
  viewportHeight: number;
  pageHeight: number;
}

/** True within `threshold` px of the bottom, and on a page too short to scroll at all. */
export function isNearPageBottom(metrics: PageMetrics, threshold = 20): boolean {
  return metrics.scrollY + metrics.viewportHeight >= metrics.pageHeight - threshold;
}

function readMetrics(): PageMetrics {
  return {
    scrollY: window.scrollY,
    viewportHeight: window.innerHeight,
    pageHeight: document.documentElement.scrollHeight,
  };
}

/** Tracks isNearPageBottom through scrolling, resizing and content that grows or shrinks. */
export function useNearPageBottom(threshold = 20, resetKey?: unknown): boolean {
  const [near, setNear] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey re-measures on navigation
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setNear(isNearPageBottom(readMetrics(), threshold));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold, resetKey]);

  return near;
}
