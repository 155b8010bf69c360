import type { Catalog } from '../../catalog';

export const human: Catalog['human'] = {
  streaming: '스트리밍 중…',
  waiting: '답변 작성을 기다리는 중(아래 “You are the model”에서 작성)',
};
