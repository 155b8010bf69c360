import { readFileSync } from 'node:fs';
import { SpmTokenizer } from './spm';
const v = JSON.parse(readFileSync('/tmp/lm/data-small/vocab.json', 'utf8'));
const t = new SpmTokenizer(v);
const show = (s: string) =>
  console.log(
    t
      .encode(s)
      .map((i) => v.tokens[i])
      .join('|'),
  );
show('What time is it in Seoul, and what is (128 × 7) − 19?');
show('{"name": "current_time", "arguments": {"timezone": "Asia/Seoul"}}');
show('{"name": "calculate", "arguments": {"operation": "multiply", "a": 128, "b": 7}}');
show('지금 서울은 몇 시야? 그리고 (128 * 7) 에서 19 를 뺀 값도 알려줘. 계산은 반드시 도구를 써서 해.');
show(
  'Returns the current date and time in a time zone, as "YYYY-MM-DD HH:MM (zone, UTC±HH:MM)". Call it whenever the user asks what time or date it is somewhere.',
);
show('How do you say apple in French?');
show('It is 2026-12-03 14:05 (Asia/Seoul, UTC+09:00) in Seoul, and the calculation comes to 877.');
console.log(
  v.tokens
    .filter((x: string) => x.startsWith('▁'))
    .slice(0, 80)
    .join(' '),
);
console.log(v.tokens.slice(-40).join(' '));
