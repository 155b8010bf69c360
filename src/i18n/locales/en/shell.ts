/** The page's shell: the header's pickers and status, the footer, and the keyboard shortcuts dialog. */
export const shell = {
  /** The first paint: the skeleton shown while the playground's code arrives, and a failed load. */
  loading: 'Loading the playground…',
  failed: 'The playground could not load ({{error}}). Reload the page to try again.',
  scenario: 'Scenario',
  noScenario: '(none — write your own)',
  runtime: 'Runtime',
  ready: 'ready',
  status: 'Status',
  theme: 'Theme',
  themes: { system: 'System', light: 'Light', dark: 'Dark', contrast: 'High contrast' },
  shortcuts: {
    button: 'Keyboard shortcuts',
    title: 'Keyboard shortcuts',
    intro: 'Single keys work when the focus is not in a text field. Tab moves between controls.',
    keys: 'keys',
    action: 'action',
    or: ' or ',
    close: 'Close',
  },
  /** One line per shortcut, by its id in ui/keyboard/shortcuts.ts. */
  shortcut: {
    step: 'Step: one phase (sends the user message first when the run is idle)',
    run: 'Run to end (waits at a pause)',
    stop: 'Stop',
    send: 'Send the user message',
    approve: 'Approve the first tool call waiting at a pause (the one marked “A approves this call next”)',
    'approve-all': 'Approve every waiting tool call',
    deny: 'Deny the first tool call waiting at a pause (the model receives a denial)',
    pause: 'Toggle “Pause before executing tools”',
    presenter: 'Presenter view on/off (larger type, transcript and inspector side by side)',
    'new-run': 'New run',
    help: 'Show this list of shortcuts',
  },
};
