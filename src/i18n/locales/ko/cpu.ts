import type { Catalog } from '../../catalog';

export const cpu: Catalog['cpu'] = {
  recommended: {
    title: '추천 실제 모델',
    intro:
      'ChatML 형식의 작은 채팅 모델로, 각각 Hugging Face의 GGUF 파일 하나입니다(이 페이지에서 내려받기가 허용됨). 크기는 대략이며, 처음 불러온 뒤에는 오프라인용으로 보관됩니다.',
    facts: '{{size}} · {{licence}}',
    page: '모델 카드',
    load: '불러오기({{size}})',
    loadCached: '불러오기(캐시됨)',
    loadOf: '{{name}} 불러오기',
    offline: '오프라인: 내려받으려면 네트워크에 연결하세요.',
    expect: {
      'fast-basic':
        '가장 빠름: 노트북 CPU에서 몇 초 만에 답하고 간단한 도구 호출을 합니다. 도구가 많으면 자주 잘못 고릅니다.',
      reasoning:
        '답하기 전에 <think> 블록에서 추론하므로 턴이 길어집니다. 도구 선택이 더 낫고, Prompt 탭에서 이전 추론이 빠지는 모습을 볼 수 있습니다.',
      balanced: '더 느리지만(토큰당 0.5B의 약 두 배) 여러 단계의 도구 사용을 훨씬 안정적으로 따라갑니다.',
    },
  },
};
