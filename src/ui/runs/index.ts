/**
 * Runs as files: the turn table's "Fork here". The Runs tab (tree, export / import, trust prompt, compare) is
 * `./runs-panel`, imported on its own by the inspector when the tab is first opened (not part of the first load).
 */
export { ForkHereButton } from './fork-button';
