/** The preset scenarios, each with a script for the scripted-replay runtime (see runtimes/script.ts). */
import { LANDSMEER_SCENARIO } from './workspace-28';
import type { Scenario } from './scenario';
import { LESSON_SCENARIOS } from './lessons';

const ASSISTANT = 'You are a helpful assistant. Use the tools for facts and arithmetic; never guess.';

export const SEOUL_TIME_MATH: Scenario = {
  id: 'seoul-time-math',
  title: 'Time in Seoul and a calculation',
  description:
    'Two tool calls in one response (executed in order, paired by id), then a call that uses the first result, ' +
    'then the answer. Edit the multiplication at a pause and watch the new number flow through.',
  system: ASSISTANT,
  user: 'What time is it in Seoul, and what is (128 × 7) − 19?',
  toolNames: ['current_time', 'calculate'],
  script: {
    steps: [
      {
        toolCalls: [
          { name: 'current_time', arguments: { timezone: 'Asia/Seoul' } },
          { name: 'calculate', arguments: { operation: 'multiply', a: 128, b: 7 } },
        ],
      },
      {
        branches: [
          {
            when: {
              kind: 'all',
              conditions: [
                { kind: 'tool-failed', tool: 'calculate' },
                { kind: 'tool-failed', tool: 'current_time' },
              ],
            },
            turn: {
              text:
                'Sorry, I could get neither the time in Seoul (“{{last:current_time}}”) nor the product ' +
                '(“{{last:calculate}}”), so I cannot answer.',
            },
          },
          {
            when: { kind: 'tool-failed', tool: 'calculate' },
            turn: {
              text:
                'It is {{last:current_time}} in Seoul, but I could not compute (128 × 7) − 19: the calculator ' +
                'answered “{{last:calculate}}”.',
            },
          },
        ],
        otherwise: {
          toolCalls: [{ name: 'calculate', arguments: { operation: 'subtract', a: '{{last:calculate}}', b: 19 } }],
        },
      },
      {
        branches: [
          {
            when: {
              kind: 'all',
              conditions: [
                { kind: 'tool-failed', tool: 'calculate' },
                { kind: 'tool-failed', tool: 'current_time' },
              ],
            },
            turn: {
              text:
                'Sorry, I could get neither the time in Seoul (“{{last:current_time}}”) nor the result ' +
                '(“{{last:calculate}}”).',
            },
          },
          {
            when: { kind: 'tool-failed', tool: 'calculate' },
            turn: {
              text:
                'It is {{last:current_time}} in Seoul, but I could not finish the calculation: the calculator ' +
                'answered “{{last:calculate}}”.',
            },
          },
          {
            when: { kind: 'tool-failed', tool: 'current_time' },
            turn: {
              text:
                'I could not get the time in Seoul (“{{last:current_time}}”). The calculation comes to ' +
                '{{last:calculate}}.',
            },
          },
        ],
        otherwise: { text: 'It is {{last:current_time}} in Seoul, and the calculation comes to {{last:calculate}}.' },
      },
    ],
  },
};

export const RESERVE_AND_TODO: Scenario = {
  id: 'reserve-and-todo',
  title: 'Reserve stock and add a to-do',
  description:
    'reserve_inventory needs approval, so the loop pauses before it runs even with the pause toggle off. ' +
    'The second call depends on the first result.',
  system: 'You are a shop assistant. Use the tools to check and reserve stock and to keep the to-do list.',
  user: 'Reserve 2 of SKU-100 and add it to my to-do list',
  toolNames: ['check_inventory', 'reserve_inventory', 'add_todo', 'list_todos'],
  toolOverrides: { reserve_inventory: { needsApproval: true } },
  script: {
    steps: [
      { toolCalls: [{ name: 'reserve_inventory', arguments: { sku: 'SKU-100', quantity: 2 } }] },
      {
        branches: [
          {
            when: {
              kind: 'any',
              conditions: [
                { kind: 'tool-failed', tool: 'reserve_inventory' },
                { kind: 'result-includes', tool: 'reserve_inventory', text: 'Cannot reserve' },
              ],
            },
            turn: { text: 'I could not reserve SKU-100: {{last:reserve_inventory}} So I did not add a to-do.' },
          },
        ],
        otherwise: { toolCalls: [{ name: 'add_todo', arguments: { title: 'Pick up the 2 reserved SKU-100' } }] },
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'add_todo' },
            turn: { text: '{{last:reserve_inventory}} But I could not add the to-do: {{last:add_todo}}' },
          },
        ],
        otherwise: { text: 'Done. {{last:reserve_inventory}} {{last:add_todo}}.' },
      },
    ],
  },
};

export const RETURN_DIRECT: Scenario = {
  id: 'return-direct',
  title: 'returnDirect: the tool result is the answer',
  description:
    'check_inventory is marked returnDirect here: once every executed call is returnDirect, its result is ' +
    'the final answer and the model is not called again.',
  system: 'You are a shop assistant. Use the tools to answer questions about stock.',
  user: 'How many USB-C cables (SKU-200) do we have in stock?',
  toolNames: ['check_inventory'],
  toolOverrides: { check_inventory: { returnDirect: true } },
  script: {
    steps: [
      { toolCalls: [{ name: 'check_inventory', arguments: { sku: 'SKU-200' } }] },
      // Only reached when the learner turns returnDirect off.
      { text: 'According to the inventory: {{last:check_inventory}}' },
    ],
  },
};

export const TOOL_ERROR: Scenario = {
  id: 'tool-error',
  title: 'Tool errors and invalid arguments',
  description:
    'One call throws (an unknown SKU) and one has arguments that fail the schema. The model receives both ' +
    'errors as results (is_error) and recovers. Switch the exception mode to "stop the loop" to compare.',
  system: 'You are a shop assistant. Use the tools; if a tool reports an error, explain it or fix your call.',
  user: 'Reserve 1 of SKU-999, and what is 12 times 3?',
  toolNames: ['check_inventory', 'reserve_inventory', 'calculate'],
  script: {
    steps: [
      {
        toolCalls: [
          { name: 'reserve_inventory', arguments: { sku: 'SKU-999', quantity: 1 } },
          { name: 'calculate', arguments: { operation: 'multiply', a: 'twelve', b: 3 } },
        ],
      },
      {
        branches: [
          {
            // The calculator rejected the arguments: write the number as a number and try again.
            when: { kind: 'tool-failed', tool: 'calculate' },
            turn: { toolCalls: [{ name: 'calculate', arguments: { operation: 'multiply', a: 12, b: 3 } }] },
          },
          {
            when: { kind: 'tool-failed', tool: 'reserve_inventory' },
            turn: {
              text:
                'I could not reserve SKU-999 — the inventory answered “{{last:reserve_inventory}}” — please check ' +
                'the SKU. And 12 × 3 = {{last:calculate}}.',
            },
          },
        ],
        otherwise: { text: 'Reservation: {{last:reserve_inventory}} And 12 × 3 = {{last:calculate}}.' },
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'reserve_inventory' },
            turn: {
              text:
                'I could not reserve SKU-999 — the inventory answered “{{last:reserve_inventory}}” — please check ' +
                'the SKU. And 12 × 3 = {{last:calculate}}.',
            },
          },
        ],
        otherwise: { text: 'Reservation: {{last:reserve_inventory}} And 12 × 3 = {{last:calculate}}.' },
      },
    ],
  },
};

export const SMALL_MODEL_GLITCHES: Scenario = {
  id: 'small-model-glitches',
  title: 'A small model’s malformed tool calls',
  description:
    'Raw output as small models write it, and what the parser forgave or flagged, as notes beside each call and ' +
    'text: a <tool_call> named in prose (not a call) and a block with a missing brace (kept as text, answered ' +
    'with an error result), then "parameters" instead of "arguments", then arguments as a JSON string in a block ' +
    'never closed. Set "Malformed calls" to "treat as text" to see the other reading of the first turn.',
  system: 'You are a shop assistant. Use the tools to answer questions about stock and to reserve items.',
  user: 'Is the mechanical keyboard SKU-300 in stock? If it is, reserve one for me.',
  toolNames: ['check_inventory', 'reserve_inventory'],
  script: {
    steps: [
      {
        raw:
          'Let me check the inventory with a <tool_call> for you.\n<tool_call>\n' +
          '{"name": "check_inventory", "arguments": {"sku": "SKU-300"}\n</tool_call>',
      },
      {
        raw:
          'Sorry, here is the call again.\n<tool_call>\n' +
          '{"name": "check_inventory", "parameters": {"sku": "SKU-300"}}\n</tool_call>',
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'check_inventory' },
            turn: { text: 'I could not check the stock: {{last:check_inventory}}' },
          },
        ],
        // The block is never closed (a runtime may strip </tool_call> as a stop string).
        otherwise: {
          raw:
            '<tool_call>\n{"name": "reserve_inventory", "arguments": ' +
            '"{\\"sku\\": \\"SKU-300\\", \\"quantity\\": 1}"}',
        },
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'reserve_inventory' },
            turn: { text: 'SKU-300 is in stock, but I could not reserve it: {{last:reserve_inventory}}' },
          },
        ],
        otherwise: { text: 'Yes, it was in stock. {{last:reserve_inventory}}' },
      },
    ],
  },
};

export const SCENARIOS: readonly Scenario[] = [
  SEOUL_TIME_MATH,
  RESERVE_AND_TODO,
  RETURN_DIRECT,
  TOOL_ERROR,
  SMALL_MODEL_GLITCHES,
  LANDSMEER_SCENARIO,
  ...LESSON_SCENARIOS,
];
