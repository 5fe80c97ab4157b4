import { useEffect, useRef } from 'react';

/**
 * Keeps a box as tall as the tallest content it has held at its present width. The banner's ads
 * rotate under the top bar's items, and each wraps to its own number of lines: a bar that shrank
 * and grew with them would move the map under a player's pointer, and a click meant for one marker
 * would land on its neighbour. The box grows at most once per taller ad, and starts over only when
 * its width changes (a turned phone, a resized window).
 */
export function useTallestSoFar<T extends HTMLElement>() {
  const box = useRef<T>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let width = element.clientWidth;
    let tallest = 0;
    const measure = () => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        tallest = 0;
        element.style.minHeight = '';
      }
      const content = Math.max(0, ...Array.from(element.children, (child) => child.getBoundingClientRect().height));
      if (content <= tallest) return;
      tallest = content;
      element.style.minHeight = `${tallest}px`;
    };
    const watch = new ResizeObserver(measure);
    watch.observe(element);
    for (const child of element.children) watch.observe(child);
    const children = new MutationObserver(() => {
      for (const child of element.children) watch.observe(child);
      measure();
    });
    children.observe(element, { childList: true });
    return () => {
      watch.disconnect();
      children.disconnect();
    };
  }, []);
  return box;
}
