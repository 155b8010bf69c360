/**
 * Each advisor kind's name: the name the engine gives an advisor (recorded in the run's log, drawn in the sequence
 * diagram) and the English the page shows for it. A message table: the English catalog's `advisors:names` is taken
 * from here.
 */
import { defineMessages } from '../coded';
import type { AdvisorKind } from './types';

export const ADVISOR_NAMES = defineMessages({
  memory: 'Chat memory',
  'tool-calling': 'Tool calling',
  trace: 'Tool-call trace',
  'think-trace': 'Think trace',
  metrics: 'Loop metrics',
  logger: 'Logger',
  validation: 'Structured-output validation',
} satisfies Record<AdvisorKind, string>);
