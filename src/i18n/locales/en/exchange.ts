/** What a model call sent and received: the HTTP exchange, and the date Llama 3.2 prompts print. */
export const exchange = {
  httpRequest: 'HTTP request',
  rawResponse: 'Raw response',
  rawResponseStatus: 'Raw response (HTTP {{status}})',
  cutAtLimit: ', cut at the size limit',
  rawStream: 'Raw response stream',
  nothingReceived: '(nothing received)',
  todayDate: 'Today Date',
  todayDateLabel: 'Today Date printed in Llama 3.2 prompts',
  datePrintedRun:
    'Llama 3.2 prompts print “Today Date: {{date}}”, the day this run started (transformers prints the day it renders). Other formats print no date.',
  datePrintedChosen:
    'Llama 3.2 prompts print “Today Date: {{date}}”, the date you set (transformers prints the day it renders). Other formats print no date.',
  useRunDate: 'Use the run’s date',
};
