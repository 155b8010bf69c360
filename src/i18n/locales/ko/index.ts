/** The Korean catalog (한국어): loaded only when Korean is the page's language. Same shape as the English one. */
import type { Catalog } from '../../catalog';
import { advisors } from './advisors';
import { charts } from './charts';
import { code } from './code';
import { common } from './common';
import { cpu } from './cpu';
import { endpoint } from './endpoint';
import { engine } from './engine';
import { exchange } from './exchange';
import { human } from './human';
import { inspector } from './inspector';
import { intro } from './intro';
import { lab } from './lab';
import { lessons } from './lessons';
import { loop } from './loop';
import { mcp } from './mcp';
import { metrics } from './metrics';
import { offline } from './offline';
import { pause } from './pause';
import { phase } from './phase';
import { presenter } from './presenter';
import { prompt } from './prompt';
import { runs } from './runs';
import { runtimes } from './runtimes';
import { scenarios } from './scenarios';
import { shell } from './shell';
import { stops } from './stops';
import { storage } from './storage';
import { studio } from './studio';
import { toolLanguage } from './toolLanguage';
import { toolSearch } from './toolSearch';
import { tools } from './tools';
import { transcript } from './transcript';
import { webllm } from './webllm';

export const ko: Catalog = {
  advisors,
  charts,
  code,
  common,
  cpu,
  endpoint,
  engine,
  exchange,
  human,
  inspector,
  intro,
  lab,
  lessons,
  loop,
  mcp,
  metrics,
  offline,
  pause,
  phase,
  presenter,
  prompt,
  runs,
  runtimes,
  scenarios,
  shell,
  stops,
  storage,
  studio,
  toolLanguage,
  toolSearch,
  tools,
  transcript,
  webllm,
};
