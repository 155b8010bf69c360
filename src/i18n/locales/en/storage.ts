/** Storage problems (the main view's banner), damaged runs (the Runs tab) and the panels' error boundary. */
export const storage = {
  banner: {
    blocked:
      'Storage is blocked: another tab of this app holds its database. The app runs without saving — close the other tabs of this app, then reload.',
    replaced: 'This app was updated in another tab: reload to go on saving. Until then nothing is saved.',
    closed:
      'The browser closed this app’s storage (site data cleared?): the app runs without saving. Reload to reopen it.',
    unavailable: 'Storage could not be opened ({{detail}}): the app runs without saving.',
    full: 'Storage is full: new events are not saved ({{detail}}). Export the run to keep it, then free some space.',
    reload: 'Reload',
    damaged_one: '{{count}} saved run is damaged and was set aside: the app works without it.',
    damaged_other: '{{count}} saved runs are damaged and were set aside: the app works without them.',
    showDamaged: 'Show damaged runs',
    problems: 'Some saved data could not be read:',
  },
  unsaved: {
    text: 'This run is not saved in this browser ({{detail}}). Export it now to keep it; it is saved as soon as storage takes it again.',
    export: 'Export now',
  },
  damaged: {
    title: 'Damaged runs',
    intro:
      'These stored runs failed the check on read and are never opened. Export one as raw JSON (for a bug report, or to repair it by hand), or delete it.',
    untitled: '(no readable title)',
    export: 'Export raw JSON',
    exportLabel: 'Export damaged run {{title}} as raw JSON',
    delete: 'Delete',
    deleteLabel: 'Delete damaged run {{title}}',
    exportFailed: 'Could not export it: {{detail}}',
  },
  reason: {
    header: 'Its record in the run list is unreadable: {{detail}}',
    orphanEvents_one: '{{count}} event is stored for a run with no record in the run list.',
    orphanEvents_other: '{{count}} events are stored for a run with no record in the run list.',
    noEvents: 'No events are stored for it.',
    gap: 'Event {{event}} is missing from its log.',
    event: '{{detail}}',
    notStarted: 'Its log does not start with run-started.',
    secondStart: 'Event {{event}} starts the run a second time.',
    otherRun: 'Its log belongs to another run ({{logRunId}}).',
    unanswered: 'Event {{event}} answers a model call of round {{round}} that was never made.',
    strayResults: 'Event {{event}} appends tool results while no tool call was pending.',
    replayAt: 'Replaying it fails at event {{event}}: {{detail}}',
    replay: 'Replaying it fails: {{detail}}',
    unreadable: 'Its records could not be read: {{detail}}',
  },
  boundary: {
    failed: 'The {{panel}} panel failed: {{message}}',
    hint: 'The rest of the page still works. Reload this panel to try again; export the diagnostics for a bug report.',
    reload: 'Reload this panel',
    export: 'Export diagnostics',
    panels: {
      header: 'header',
      model: 'model',
      tools: 'Tools',
      loop: 'Loop',
      inspector: 'Inspector',
    },
  },
};
