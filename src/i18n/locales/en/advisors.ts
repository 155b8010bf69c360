/** The Advisors tab: the lanes, the order editor, the sequence diagram. */
export const advisors = {
  lanes: {
    outside: {
      title: 'Outside the loop',
      caption: 'Runs once per request: order lower than the loop advisor’s, so the loop never repeats it.',
    },
    loop: {
      title: 'The loop advisor',
      caption: 'Calls the model and runs the tools, round after round: each round re-runs every advisor after it.',
    },
    inside: {
      title: 'Inside the loop',
      caption: 'Runs once per round: order higher than the loop advisor’s, so every tool round passes through it.',
    },
  },
  history: {
    label: 'Internal conversation history:',
    manual: 'not used — the manual loop sends the run’s own messages (no advisor chain)',
    noLoop: 'no loop',
    off: 'off (a memory advisor sits inside the loop)',
    on: 'on',
  },
  ties: {
    warning:
      '{{names}} share the order {{order}}: a tie runs in the order the advisors were added ({{first}} first), which nothing here shows. Give each its own order.',
  },
  sequence: {
    empty: 'The sequence diagram appears once the run has started.',
    title: 'Sequence diagram',
    what: 'the sequence diagram',
    fullScreen: 'Full screen',
    close: 'Close',
    showMermaid: 'Show Mermaid',
    hideMermaid: 'Hide Mermaid',
    exportMermaid: 'Export Mermaid',
    mermaidLabel: 'Mermaid text of the sequence diagram',
    scrollLabel: 'Sequence diagram, scrollable',
    label_one: 'Sequence diagram: {{count}} message between {{participants}}',
    label_other: 'Sequence diagram: {{count}} messages between {{participants}}',
  },
};
