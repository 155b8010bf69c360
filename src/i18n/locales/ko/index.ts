/** The Korean catalog (한국어): loaded only when Korean is the page's language. Same shape as the English one. */
import type { Catalog } from '../../catalog';
import { advisors } from './advisors';
import { charts } from './charts';
import { common } from './common';
import { cpu } from './cpu';
import { human } from './human';
import { metrics } from './metrics';
import { prompt } from './prompt';
import { runs } from './runs';
import { studio } from './studio';
import { webllm } from './webllm';

export const ko: Catalog = { common, advisors, charts, cpu, human, metrics, prompt, runs, studio, webllm };
