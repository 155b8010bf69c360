/**
 * Tool descriptions in Korean, for the Korean scenarios, and the switch between them and the tools' own English
 * ones. The Korean tutorial notes that small models often follow English descriptions more reliably; the switch
 * lets a class send the same tools both ways and compare. A description in another language is a tool override
 * (like returnDirect), so it lives in the workspace, reaches the request through `withOverride`, and is recorded
 * in the run with the tools it sent. The same switch sets the override's `language`, so a tool that can word its
 * results in Korean (the calculator: "0으로 나눌 수 없습니다.", zod's Korean argument errors) does so while it is
 * described in Korean, and in English otherwise: what the model reads follows the tools' language, not the page's.
 */
import type { ToolOverride, Workspace } from '../loop/workspace';
import type { ToolDefinition, ToolLanguage } from '../tool';

export type { ToolLanguage } from '../tool';

interface ToolText {
  readonly description: string;
  /** Each top-level parameter's description. */
  readonly parameters: Readonly<Record<string, string>>;
}

/**
 * The Korean words of every preset tool (names and schemas stay as they are): sent to the model when the workspace
 * describes its tools in Korean, and read on the Korean page beside the English the model gets otherwise.
 */
export const KOREAN_TOOL_TEXT: Readonly<Record<string, ToolText>> = {
  current_time: {
    description:
      '시간대의 현재 날짜와 시각을 "YYYY-MM-DD HH:MM (시간대, UTC±HH:MM)" 형식으로 돌려줍니다. ' +
      '사용자가 어떤 곳의 시각이나 날짜를 물으면 언제나 호출하세요.',
    parameters: { timezone: 'IANA 시간대 이름. 예: "Asia/Seoul", "Europe/Paris", "America/New_York".' },
  },
  calculate: {
    description:
      '두 수의 정확한 사칙연산(add, subtract, multiply, divide)을 합니다. 머릿속으로 계산하지 말고 모든 계산에 ' +
      '이 도구를 쓰세요. 결과는 숫자로 돌려주며, 나눗셈은 소수 넷째 자리까지 반올림합니다.',
    parameters: {
      operation: 'a와 b에 적용할 연산.',
      a: '첫째 피연산자 (subtract와 divide에서는 빼지는 수 / 나누어지는 수).',
      b: '둘째 피연산자 (subtract와 divide에서는 빼는 수 / 나누는 수).',
    },
  },
  discount: {
    description:
      '가격에 퍼센트 할인을 적용하고 최종 가격을 숫자로 돌려줍니다(센트 단위로 반올림). ' +
      '예: price 35000, percent 18이면 28700을 돌려줍니다.',
    parameters: {
      price: '원래 가격. 통화 기호나 구분 기호 없는 숫자.',
      percent: '할인율(퍼센트), 0부터 100까지 (18은 18% 할인).',
    },
  },
  get_customer_contact: {
    description: '고객 id(형식 "C-1001")로 고객을 찾아 이름, 이메일 주소, 전화번호를 돌려줍니다.',
    parameters: { customerId: '고객 id. 예: "C-1001".' },
  },
  check_inventory: {
    description: '상품(SKU)의 현재 재고 수량을 돌려줍니다.',
    parameters: { sku: '재고 관리 코드(SKU). 예: "SKU-100".' },
  },
  reserve_inventory: {
    description: '사용자를 위해 상품(SKU)을 예약해 재고에서 뺍니다. 요청한 수량보다 재고가 적으면 거절합니다.',
    parameters: { sku: '재고 관리 코드(SKU). 예: "SKU-100".', quantity: '예약할 수량 (1 이상의 정수).' },
  },
  add_todo: {
    description: '사용자의 할 일 목록에 항목을 추가하고 그 번호를 돌려줍니다.',
    parameters: { title: '할 일을 짧은 문장으로. 예: "SKU-100 2개 수령하기".' },
  },
  list_todos: {
    description: '사용자의 할 일 목록을 번호와 함께 오래된 것부터 보여 줍니다.',
    parameters: {},
  },
};

/** The overrides that describe these tools in Korean (tools without Korean words are left out). */
export function koreanToolOverrides(names: readonly string[]): Record<string, ToolOverride> {
  const overrides: Record<string, ToolOverride> = {};
  for (const name of names) {
    const text = KOREAN_TOOL_TEXT[name];
    if (text)
      overrides[name] = { description: text.description, parameterDescriptions: text.parameters, language: 'ko' };
  }
  return overrides;
}

/**
 * The language the workspace describes its tools in: 'ko' when an exposed tool that has Korean words carries
 * them, 'en' when none does, null when no exposed tool has Korean words (then there is nothing to switch).
 */
export function toolLanguageOf(workspace: Workspace): ToolLanguage | null {
  const switchable = workspace.exposed.filter((name) => KOREAN_TOOL_TEXT[name] !== undefined);
  if (switchable.length === 0) return null;
  return switchable.some((name) => workspace.toolOverrides[name]?.description !== undefined) ? 'ko' : 'en';
}

/**
 * The workspace with its switchable tools described in `language`: Korean words added as overrides, or removed
 * (the tools' own English descriptions come back). Other flags (returnDirect, needsApproval) are kept.
 */
export function withToolLanguage(workspace: Workspace, language: ToolLanguage): Workspace {
  const toolOverrides: Record<string, ToolOverride> = { ...workspace.toolOverrides };
  for (const name of workspace.exposed) {
    const text = KOREAN_TOOL_TEXT[name];
    if (!text) continue;
    const { description: _d, parameterDescriptions: _p, language: _l, ...flags } = toolOverrides[name] ?? {};
    const next: ToolOverride =
      language === 'ko'
        ? { ...flags, description: text.description, parameterDescriptions: text.parameters, language: 'ko' }
        : flags;
    if (Object.keys(next).length === 0) delete toolOverrides[name];
    else toolOverrides[name] = next;
  }
  return { ...workspace, toolOverrides };
}

/**
 * A preset tool's description in Korean for the Korean page to show, when the workspace sends its English one (the page then also says the model reads the English); undefined otherwise.
 */
export function koreanReadingOf(tool: ToolDefinition): string | undefined {
  const text = tool.source === 'preset' ? KOREAN_TOOL_TEXT[tool.name] : undefined;
  return text !== undefined && text.description !== tool.description ? text.description : undefined;
}
