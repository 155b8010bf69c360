/**
 * An example request in a prompt format, for the Model panel: one user question and the calculate tool, built
 * by the real request builder, so choosing a format shows what the model will receive (tools in its prompt,
 * the output constraint) before anything is loaded.
 */
import type { ModelRequest } from '../../engine';
import { createCalculateTool, toDefinition } from '../../engine';
import type { FormatChoice } from './prompt-format';
import type { BuiltRequest } from './request-builder';
import { buildRequest } from './request-builder';

export const EXAMPLE_REQUEST: ModelRequest = {
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'What is 128 × 7?' },
  ],
  tools: [toDefinition(createCalculateTool())],
  toolChoice: 'auto',
  parallelToolCalls: true,
  round: 1,
};

export function exampleRequest(modelId: string, format: FormatChoice): BuiltRequest {
  return buildRequest(modelId, EXAMPLE_REQUEST, { format, dateString: '26 Jul 2024' });
}
