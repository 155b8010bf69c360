/**
 * The English catalog: one namespace per feature, each in its own file (so features add strings without
 * touching each other's files). English is bundled with the page; it is also the shape every language must fill.
 */
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

export const en = { common, advisors, charts, cpu, human, metrics, prompt, runs, studio, webllm };
