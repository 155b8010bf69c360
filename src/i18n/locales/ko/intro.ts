import type { Catalog } from '../../catalog';

export const intro: Catalog['intro'] = {
  try: '해 보기:',
  hide: '숨기기',
  card: {
    title: '이게 뭔가요',
    what: 'Tool Loop Playground는 언어 모델의 도구 호출(tool calling) 루프를 브라우저에서 한 단계씩 실행합니다. 모델이 받는 요청을 하나하나 보고, 모델이 만든 도구 호출마다 결정하며 (승인, 편집, 거부, 결과 직접 작성), 결과가 다음 요청으로 돌아가는 것을 지켜봅니다.',
    firstLabel: '먼저 이것부터:',
    first:
      '위의 선택 상자에서 시나리오를 열고, 한 단계를 몇 번 눌러 단계 다이어그램과 대화 기록을 보세요. 모델도 네트워크도 필요 없습니다. 스크립트 재생이 시나리오마다 녹화된 턴을 재생합니다.',
    open: '“서울 시간과 계산” 열기',
  },
};
