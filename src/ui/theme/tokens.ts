/**
 * The design tokens as values, for what cannot say `var(--…)`: the charts' and the sequence diagram's SVG, whose
 * colours are presentation attributes so an exported file is self-contained. Read from <html>'s computed style, so
 * app.css stays the one set of colours, and read again when the theme changes (the switch sets `data-theme`, the
 * system's dark mode flips `prefers-color-scheme`).
 */
import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const bump = () => onChange();
  const observer = new MutationObserver(bump);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  media?.addEventListener('change', bump);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', bump);
  };
}

/** What decides the page's colours, read from the page itself: the switch's `data-theme` and the system's mode. */
function themeKey(): string {
  const dark = typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
  return `${document.documentElement.dataset.theme ?? ''}|${dark ? 'dark' : 'light'}`;
}

/** Changes whenever the page's colours may have changed. */
export function useThemeVersion(): string {
  return useSyncExternalStore(subscribe, themeKey, () => '');
}

/** The hidden element tokens resolve through, one per document (kept with it), made on first use. */
const probes = new WeakMap<Document, HTMLElement>();
function tokenProbe(): HTMLElement {
  const known = probes.get(document);
  if (known?.isConnected) return known;
  const probe = document.createElement('span');
  probe.hidden = true;
  probe.setAttribute('aria-hidden', 'true');
  document.body.append(probe);
  probes.set(document, probe);
  return probe;
}

/**
 * One colour token's value as the page uses it now ("rgb(23, 29, 38)"), or `fallback` where there is no style (tests
 * without CSS). Resolved through a hidden element's computed colour: a token may be `light-dark(…)`, which only a
 * property that takes a colour resolves for the theme in use.
 */
export function tokenValue(name: `--${string}`, fallback: string): string {
  if (typeof document === 'undefined' || !document.body) return fallback;
  const probe = tokenProbe();
  probe.style.color = '';
  probe.style.color = `var(${name})`;
  const declared = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return declared ? getComputedStyle(probe).color : fallback;
}

/** The charts' and diagrams' colours for the theme in use (the light values are the fallbacks). */
export function chartColors() {
  return {
    bg: tokenValue('--chart-bg', '#ffffff'),
    ink: tokenValue('--chart-ink', '#1b1f24'),
    grid: tokenValue('--chart-grid', '#dde1e6'),
    subtle: tokenValue('--subtle', '#eef0f3'),
    /** Text drawn on a bar or a span (bars keep light fills in every theme, so this stays dark). */
    onBar: tokenValue('--chart-on-bar', '#1b1f24'),
    bar: {
      system: tokenValue('--chart-system', '#9aa5b4'),
      tools: tokenValue('--chart-tools', '#f0a73a'),
      history: tokenValue('--chart-history', '#7ea6f2'),
      new: tokenValue('--chart-new', '#5cc48a'),
      completion: tokenValue('--chart-completion', '#c39be0'),
    },
    failed: tokenValue('--chart-failed', '#e07b73'),
    pause: tokenValue('--chart-pause', '#c5ccd6'),
    seq: {
      line: tokenValue('--seq-line', '#c5ccd6'),
      boxLine: tokenValue('--seq-box-line', '#8a94a3'),
      user: tokenValue('--seq-user', '#e8eefc'),
      advisor: tokenValue('--seq-advisor', '#f3f5f8'),
      loop: tokenValue('--seq-loop', '#fff4e0'),
      model: tokenValue('--seq-model', '#e6f4ea'),
      tools: tokenValue('--seq-tools', '#fdecea'),
      note: tokenValue('--seq-note', '#fffbe6'),
      noteLine: tokenValue('--seq-note-line', '#d8c27a'),
    },
  };
}

export type ChartColors = ReturnType<typeof chartColors>;

/** `chartColors()`, read again when the theme changes. */
export function useChartColors(): ChartColors {
  useThemeVersion();
  return chartColors();
}
