/** The Tool search tab: the switch, the index, the live meter and the side-by-side measurement. */
export const toolSearch = {
  title: 'Tool search',
  loadingTokenizer: 'Loading the Qwen3 tokenizer…',
  tokenizerFailed:
    'The tokenizer could not be loaded ({{error}}), so token counts are unavailable. Reload to try again.',
  countedWith:
    'Counted like every token figure on the page: the runtime’s own counts where it reports them, else an estimate with the {{tokenizer}} on the prompt as the model saw it.',
  switch: 'Tool search',
  index: 'Index',
  indexLabel: 'Tool index',
  indexKind: { keyword: 'Keyword (BM25, MiniSearch)', regex: 'Regex (Spring AI scoring)' },
  helpOn: 'On: the model first sees only toolSearchTool; the tools its searches return join the following requests.',
  helpOff: 'Off: every exposed tool definition is sent with every request.',
  help: 'The switch exposes or hides toolSearchTool, from the next request on; the index applies to the next search. A query between slashes, like /get.*stock/, is a regular expression for the regex index.',
  meterEmpty: 'The meter fills in as the run calls the model.',
  thisRunOn_one: 'This run · search on · {{count}} tool',
  thisRunOn_other: 'This run · search on · {{count}} tools',
  thisRunOff_one: 'This run · search off · {{count}} tool',
  thisRunOff_other: 'This run · search off · {{count}} tools',
  meter: 'Tool search meter',
  col: {
    call: 'call',
    toolsSent: 'tools sent',
    found: 'found by search',
    defs: 'tool defs (all tools)',
    defsHint: 'Tool-definition tokens sent / with every tool',
    prompt: 'prompt',
    completion: 'completion',
    total: 'total',
  },
  noneYet: 'none yet',
  isNew: ' (new)',
  searchOff: 'search off',
  searched: 'searched',
  defsSentOn:
    'Tool definitions sent: {{sent}} tokens, against {{all}} had every tool been sent each call — {{saved}}% fewer.',
  defsSentOff:
    'Tool definitions sent: {{sent}} tokens, against {{all}} had every tool been sent each call (search off: the same).',
  sideBySide: 'Side by side: the scenario with search off and on (scripted replay, {{index}})',
  measuring: 'Measuring…',
  compareFailed: 'The comparison could not run: {{error}}',
  offVersusOn: 'Search off versus on',
  row: { calls: 'model calls', defs: 'tool-definition tokens', total: 'total tokens' },
  colOff: 'search off',
  colOn: 'search on',
  colChange: 'change',
  published_one:
    'Published for 28 tools (Spring AI): 34–64% fewer total tokens, for one or two extra model calls. Here: {{saving}}% fewer total tokens, {{count}} extra call.',
  published_other:
    'Published for 28 tools (Spring AI): 34–64% fewer total tokens, for one or two extra model calls. Here: {{saving}}% fewer total tokens, {{count}} extra calls.',
};
