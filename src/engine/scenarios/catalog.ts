/** The preset scenarios, each with a script for the scripted-replay runtime (see model-port/script.ts). */
import { SEOUL_TIME_MATH, SEOUL_TIME_MATH_KO } from './seoul';
import { LANDSMEER_SCENARIO } from './workspace-28';
import type { Scenario } from './scenario';
import { LESSON_SCENARIOS } from './lessons';

export const RESERVE_AND_TODO: Scenario = {
  id: 'reserve-and-todo',
  title: 'Reserve stock and add a to-do',
  description:
    'reserve_inventory needs approval, so the loop pauses before it runs even with the pause toggle off. ' +
    'The second call depends on the first result.',
  tryThis:
    'Press Run to end: it stops at reserve_inventory for your decision; approve it, or deny it with a reason and see how the model replies.',
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
  tryThis: 'Press Run to end and look at the Turns tab: one model call, and the tool result is the final answer.',
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
  tryThis: 'Run to end once, then set “On tool errors” to “stop the loop”, press New run and run it again.',
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
  tryThis:
    'Step through and read the parser notes beside each call; then set “Malformed calls” to “treat as text” and compare turn 1.',
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

export { SEOUL_TIME_MATH, SEOUL_TIME_MATH_KO };
/** The same call with the same arguments, turn after turn: what the loop guards are for (#15 item 4). */
export const RUNAWAY_LOOP: Scenario = {
  id: 'runaway-loop',
  title: 'A runaway loop and the loop guards',
  description:
    'The scripted model keeps asking for the same stock check and never answers. The repeated-call guard asks it ' +
    'to answer at 3 calls (soft cap) and stops the loop at 5 (hard cap); watch the meters in the Teaching lab.',
  tryThis:
    'Open the Teaching lab and press Run to end: the repeated-call meter passes its soft cap at 3 and the loop stops at 5.',
  system: 'You are a shop assistant. Use the tools to answer questions about stock.',
  user: 'Is the USB-C cable (SKU-200) in stock?',
  toolNames: ['check_inventory'],
  settings: {
    maxRounds: 8,
    lab: { guards: { repeatWarnAt: 3, repeatStopAt: 5, tokenSoft: 0, tokenBudget: 0, roundsSoft: 0 } },
  },
  // The model ignores the guard's message: each step (counted from the last user message) is the same call.
  script: {
    steps: Array.from({ length: 8 }, () => ({
      toolCalls: [{ name: 'check_inventory', arguments: { sku: 'SKU-200' } }],
    })),
  },
};

export const SCENARIOS: readonly Scenario[] = [
  SEOUL_TIME_MATH,
  SEOUL_TIME_MATH_KO,
  RESERVE_AND_TODO,
  RETURN_DIRECT,
  TOOL_ERROR,
  SMALL_MODEL_GLITCHES,
  LANDSMEER_SCENARIO,
  RUNAWAY_LOOP,
  ...LESSON_SCENARIOS,
];
