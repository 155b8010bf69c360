/** The inspector: the right column's name, its tab list and a tab that is still loading. */
export const inspector = {
  label: 'Inspector',
  tabsLabel: 'Inspector views',
  tab: {
    turns: 'Turns',
    request: 'Request',
    prompt: 'Prompt',
    stops: 'Stop reasons',
    metrics: 'Metrics',
    advisors: 'Advisors',
    'tool-search': 'Tool search',
    mcp: 'MCP',
    runs: 'Runs',
    code: 'Code',
  },
  loading: 'Loading this view…',
};
