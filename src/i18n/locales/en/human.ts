/** "You are the model": what the page says while it waits for the person playing the model. */
export const human = {
  streaming: 'streaming…',
  waiting: 'waiting for you to write the reply (below, in “You are the model”)',
};
