/**
 * The English catalog: one namespace per feature, each in its own file (so features add strings without
 * touching each other's files). English is bundled with the page; it is also the shape every language must fill.
 */
import { common } from './common';
import { intro } from './intro';
import { loop } from './loop';
import { pause } from './pause';
import { presenter } from './presenter';

export const en = { common, loop, pause, intro, presenter };
