/** Runs as files: the Runs tab (tree, export / import, trust prompt, compare) and the turn table's "Fork here". */
export { RunsPanel } from './runs-panel';
export { ForkHereButton } from './fork-button';
