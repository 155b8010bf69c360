/** The first minute: the scenario banner and the "what this is" card (ui/first-minute/). */
export const intro = {
  try: 'Try:',
  hide: 'Hide',
  card: {
    title: 'What this is',
    what: 'Tool Loop Playground runs a language model’s tool-calling loop one step at a time, in your browser: you see each request the model gets, decide each tool call it makes (approve, edit, deny or write the result), and watch the results go back into the next request.',
    firstLabel: 'Do this first:',
    first:
      'open a scenario (the picker above), then press Step a few times and watch the phase diagram and the transcript. Nothing needs a model or a network: the scripted replay plays each scenario’s recorded turns.',
    open: 'Open “Time in Seoul and a calculation”',
  },
};
