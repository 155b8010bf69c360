/**
 * The English catalog: one namespace per feature, each in its own file (so features add strings without
 * touching each other's files). English is bundled with the page; it is also the shape every language must fill.
 */
import { code } from './code';
import { common } from './common';
import { endpoint } from './endpoint';
import { exchange } from './exchange';
import { intro } from './intro';
import { lab } from './lab';
import { lessons } from './lessons';
import { loop } from './loop';
import { mcp } from './mcp';
import { offline } from './offline';
import { pause } from './pause';
import { phase } from './phase';
import { presenter } from './presenter';
import { runtimes } from './runtimes';
import { stops } from './stops';
import { storage } from './storage';
import { toolSearch } from './toolSearch';
import { tools } from './tools';
import { transcript } from './transcript';

export const en = {
  code,
  common,
  endpoint,
  exchange,
  intro,
  lab,
  lessons,
  loop,
  mcp,
  offline,
  pause,
  phase,
  presenter,
  runtimes,
  stops,
  storage,
  toolSearch,
  tools,
  transcript,
};
