/** The Korean catalog (한국어): loaded only when Korean is the page's language. Same shape as the English one. */
import type { Catalog } from '../../catalog';
import { common } from './common';
import { lab } from './lab';

export const ko: Catalog = { common, lab };
