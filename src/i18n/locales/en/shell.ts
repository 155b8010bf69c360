/** The page's first paint: the skeleton shown while the playground's code arrives, and a failed load. */
export const shell = {
  loading: 'Loading the playground…',
  failed: 'The playground could not load ({{error}}). Reload the page to try again.',
};
