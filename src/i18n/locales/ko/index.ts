/** The Korean catalog (한국어): loaded only when Korean is the page's language. Same shape as the English one. */
import type { Catalog } from '../../catalog';
import { common } from './common';
import { intro } from './intro';
import { loop } from './loop';
import { pause } from './pause';
import { presenter } from './presenter';

export const ko: Catalog = { common, loop, pause, intro, presenter };
