/**
 * The tutorials' remaining lessons as scenarios (#16): the policy workspace, parameter augmentation, a large tool
 * result for the shortening hook, parallel calls off, and a follow-up question answered from chat memory.
 * Each script branches on what the request carries, so it plays correctly with the lesson's switch either way.
 */
import type { Scenario } from './scenario';

export const POLICY_WORKSPACE: Scenario = {
  id: 'policy-workspace',
  title: 'A workspace behind a policy',
  description:
    'list_files, read_file and write_file go through one execution service with a policy: paths stay inside the ' +
    'workspace, secrets are blocked, writes need “Allow write”, long output is truncated. Each result is the ' +
    'service’s {text, error, metadata} as JSON. The write is denied; turn on “Allow write”, answer “go ahead”, ' +
    'and the same call succeeds.',
  tryThis:
    'Press Run to end and read each tool result’s JSON: the write is denied. Then tick “Allow write”, send “go ahead” and Run to end again.',
  system:
    'You are a coding assistant working in a small project workspace. Use the tools to look at files and to change ' +
    'them. Every tool result is JSON: {"text", "error", "metadata"}.',
  user: 'Look at the project, check the secrets and the build log, and tick off the rounding task in notes/todo.md.',
  toolNames: ['list_files', 'read_file', 'write_file'],
  settings: { allowWrite: false },
  script: {
    steps: [
      {
        branches: [
          {
            when: { kind: 'user-says', text: 'go ahead' },
            turn: {
              toolCalls: [
                {
                  name: 'write_file',
                  arguments: {
                    path: 'notes/todo.md',
                    content: '# To do\n\n- [x] Fix the rounding of discounted prices\n- [ ] Release 1.4\n',
                  },
                },
              ],
            },
          },
        ],
        otherwise: { text: 'Let me look at the workspace first.', toolCalls: [{ name: 'list_files', arguments: {} }] },
      },
      {
        branches: [
          {
            when: { kind: 'user-says', text: 'go ahead' },
            turn: { text: 'Here is what the workspace service answered: {{last:write_file}}' },
          },
        ],
        otherwise: {
          toolCalls: [
            { name: 'read_file', arguments: { path: 'secrets/.env' } },
            { name: 'read_file', arguments: { path: '../../etc/passwd' } },
            { name: 'read_file', arguments: { path: 'logs/build.log' } },
          ],
        },
      },
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: {
              path: 'notes/todo.md',
              content: '# To do\n\n- [x] Fix the rounding of discounted prices\n- [ ] Release 1.4\n',
            },
          },
        ],
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'write_file' },
            turn: {
              text:
                'The secret file and the path outside the workspace were blocked by the policy, and the build log ' +
                'was truncated (the last test failed on rounding). I could not save notes/todo.md: ' +
                '{{last:write_file}} Turn on “Allow write” and say “go ahead”, and I will write it again.',
            },
          },
        ],
        otherwise: {
          text:
            'The secret file and the path outside the workspace were blocked by the policy, and the build log was ' +
            'truncated. I ticked off the rounding task: {{last:write_file}}',
        },
      },
    ],
  },
};

export const AUGMENTED_ARGUMENTS: Scenario = {
  id: 'augmented-arguments',
  title: 'Parameter augmentation: innerThought and confidence',
  description:
    'With “Augment arguments” on, every tool’s schema gains innerThought (required) and confidence. The model ' +
    'fills them beside its arguments; they are shown beside the call and stripped before the tool runs, so ' +
    'discount receives only price and percent. Turn the switch off and the same call carries only its own fields.',
  tryThis:
    'Press Run to end and compare the call’s arguments with “The tool received”; then untick “Augment arguments”, press New run and run it again.',
  system: 'You are a shop assistant. Use the tools for prices and arithmetic; never guess.',
  user: 'What does a 35,000 won keyboard cost with an 18% discount?',
  toolNames: ['discount', 'calculate'],
  settings: { augmentArguments: true },
  script: {
    steps: [
      {
        branches: [
          {
            when: { kind: 'argument-offered', tool: 'discount', argument: 'innerThought' },
            turn: {
              toolCalls: [
                {
                  name: 'discount',
                  arguments: {
                    price: 35000,
                    percent: 18,
                    innerThought: 'Percentages are easy to get wrong, so the discount tool does the arithmetic.',
                    confidence: 'high',
                  },
                },
              ],
            },
          },
        ],
        otherwise: { toolCalls: [{ name: 'discount', arguments: { price: 35000, percent: 18 } }] },
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'discount' },
            turn: { text: 'I could not compute the discount: {{last:discount}}' },
          },
        ],
        otherwise: { text: 'With 18% off, the keyboard costs {{last:discount}} won.' },
      },
    ],
  },
};

export const LARGE_TOOL_RESULT: Scenario = {
  id: 'large-tool-result',
  title: 'A huge tool result, shortened by a loop hook',
  description:
    'order_history returns about 6,000 characters when the answer needs one line. In the Advisors tab, the ' +
    'tool-calling advisor’s doGetNextInstructionsForToolCall hook can shorten long results before the next ' +
    'round, and shows the tokens saved; the think trace (+360) records each round’s reasoning, and a logger ' +
    'moved outside the loop (+250) logs only the first request and the final response.',
  tryThis:
    'In the Advisors tab turn on advisor control, set the Logger’s order to H+250, tick Think trace and the shortening hook, then Run to end; for the budget stop, set “Tokens: budget (stop)” in the Teaching lab to 100 and run again.',
  system: 'You are a shop assistant. Use the tools to answer questions about customers and their orders.',
  user: 'What did customer C-1001 order most recently?',
  toolNames: ['order_history'],
  script: {
    steps: [
      {
        text: 'I will fetch the customer’s order history.',
        toolCalls: [{ name: 'order_history', arguments: { customerId: 'C-1001' } }],
      },
      {
        branches: [
          {
            when: { kind: 'tool-failed', tool: 'order_history' },
            turn: { text: 'I could not read the order history: {{last:order_history}}' },
          },
        ],
        otherwise: {
          text: 'The history lists the newest order first; that first order is the most recent one, still shipping.',
        },
      },
    ],
  },
};

export const PARALLEL_LOOKUPS: Scenario = {
  id: 'parallel-lookups',
  title: 'Two independent lookups, parallel calls off',
  description:
    'The stock of SKU-100 and a customer’s contact do not depend on each other, so a model may ask for both in ' +
    'one response. With “Parallel tool calls” off the model makes one call per response: two turns instead of ' +
    'one. Turn it on and compare the turn count.',
  tryThis:
    'Press Run to end and count the turns: one call in each. Then tick “Parallel tool calls”, press New run and compare.',
  system: 'You are a shop assistant. Use the tools for stock and customer data.',
  user: 'How many wireless mice (SKU-100) are in stock, and what is the email of customer C-1002?',
  toolNames: ['check_inventory', 'get_customer_contact'],
  settings: { parallelToolCalls: false },
  script: {
    steps: [
      {
        toolCalls: [
          { name: 'check_inventory', arguments: { sku: 'SKU-100' } },
          { name: 'get_customer_contact', arguments: { customerId: 'C-1002' } },
        ],
      },
      {
        branches: [
          {
            when: { kind: 'tool-missing', tool: 'get_customer_contact' },
            turn: { toolCalls: [{ name: 'get_customer_contact', arguments: { customerId: 'C-1002' } }] },
          },
        ],
        otherwise: { text: 'Stock: {{last:check_inventory}} Contact: {{last:get_customer_contact}}' },
      },
      { text: 'Stock: {{last:check_inventory}} Contact: {{last:get_customer_contact}}' },
    ],
  },
};

export const MEMORY_FOLLOWUP: Scenario = {
  id: 'memory-followup',
  title: 'A follow-up question answered from chat memory',
  description:
    'Run it under advisor control: the reservation runs, then send “What was the product I just reserved?”. The ' +
    'chat memory advisor outside the loop (+200) stored the first question and the final answer, so the second ' +
    'request carries them. Move memory inside the loop (its Move button puts it at +390: above the loop’s +300, ' +
    'and not the metrics advisor’s +400) to see what it stores then.',
  tryThis:
    'Turn on advisor control in the Advisors tab and Run to end; then send “What was the product I just reserved?” and Run to end again.',
  system: 'You are a shop assistant. Use the tools to check and reserve stock.',
  user: 'Reserve one mechanical keyboard (SKU-300) for me.',
  toolNames: ['check_inventory', 'reserve_inventory'],
  script: {
    steps: [
      {
        branches: [
          {
            when: {
              kind: 'all',
              conditions: [
                { kind: 'user-says', text: 'just reserved' },
                { kind: 'earlier-includes', text: 'SKU-300' },
              ],
            },
            turn: { text: 'You just reserved the Mechanical keyboard (SKU-300), one unit.' },
          },
          {
            when: { kind: 'user-says', text: 'just reserved' },
            turn: { text: 'I do not know: this request carries no earlier messages about a reservation.' },
          },
        ],
        otherwise: { toolCalls: [{ name: 'reserve_inventory', arguments: { sku: 'SKU-300', quantity: 1 } }] },
      },
      { text: 'Done. {{last:reserve_inventory}}' },
    ],
  },
};

/** The lesson scenarios, in the order the picker lists them (after the catalog's own). */
export const LESSON_SCENARIOS: readonly Scenario[] = [
  POLICY_WORKSPACE,
  AUGMENTED_ARGUMENTS,
  LARGE_TOOL_RESULT,
  PARALLEL_LOOKUPS,
  MEMORY_FOLLOWUP,
];
