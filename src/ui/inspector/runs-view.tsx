/** The Runs tab: see src/ui/runs/ (tree, export / import, fork, compare). */
export { RunsPanel as RunsView } from '../runs/runs-panel';
