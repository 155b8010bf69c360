import type { Catalog } from '../../catalog';

export const transcript: Catalog['transcript'] = {
  label: '대화 기록',
  empty: '대화 기록이 메시지 하나씩 여기에 나타납니다.',
  streamingLabel: '모델이 답하는 중',
  streaming: '스트리밍 중…',
  assistant: 'assistant',
  searchLabel: '대화 기록 검색',
  searchPlaceholder: '메시지, 도구 호출, 결과 검색…',
  matches: '{{count}}개 중 {{current}}번째',
  noMatch: '일치하는 항목 없음',
  previousMatch: '이전 항목',
  nextMatch: '다음 항목',
  longRunHint:
    '긴 실행은 화면 근처의 메시지만 보여 줍니다. 나머지는 검색으로 찾으세요. 목록에서 ↑ ↓ Home End 키로 메시지 사이를 이동합니다.',
  entryLabel: '메시지 {{position}} / {{count}}',
};
