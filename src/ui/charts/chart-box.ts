/**
 * Charts are laid out in ems: one SVG unit is the container's font size. Measuring the container's width in ems
 * lets a chart fill it while its labels stay at the page's text size — so a larger font (the presenter view, a
 * browser zoom) makes the chart's text larger and fits fewer units across, instead of shrinking it.
 */
import type { RefObject } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

/** The width before the first measurement (and where nothing measures, e.g. in jsdom). */
const DEFAULT_WIDTH_EM = 40;
const MIN_WIDTH_EM = 18;

export function useChartWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [widthEm, setWidthEm] = useState(DEFAULT_WIDTH_EM);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const fontSize = parseFloat(getComputedStyle(element).fontSize) || 14;
      const width = element.clientWidth / fontSize;
      if (width > 0) setWidthEm(Math.max(MIN_WIDTH_EM, Math.round(width * 4) / 4));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, widthEm];
}

/** About how wide a label is, in ems, at `size` ems (system-ui averages a little over half an em per character). */
export function textWidth(text: string, size = 1): number {
  return text.length * 0.56 * size;
}
