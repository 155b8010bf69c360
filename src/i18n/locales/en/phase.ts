/** The loop's phase diagram and how a run ended. */
export const phase = {
  label: 'Loop phase',
  step: { prompt: 'prompt', model: 'model', approve: 'approve', execute: 'execute', done: 'done' },
  hint: {
    prompt: 'history ready; Step calls the model',
    model: 'the model is answering',
    approve: 'paused: decide each tool call',
    execute: 'Step runs the calls in order and appends the results',
    done: 'the loop has ended',
  },
  idle: 'No run yet: write a message and press Send (or Step / Run to end).',
  caption: 'Phase: {{phase}} — {{hint}}. Model calls: {{round}} of max {{max}}.',
  running: 'Running to the end…',
  ended: 'Ended: {{reason}}.',
};
